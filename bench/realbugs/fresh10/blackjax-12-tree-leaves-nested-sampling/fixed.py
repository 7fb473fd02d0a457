# realbug: blackjax-12-tree-leaves-nested-sampling (fixed)
# source: https://github.com/handley-lab/blackjax/issues/12
import jax
import jax.numpy as jnp


def num_live(particles):
    return jax.tree_util.tree_leaves(particles)[0].shape[0]


def step(rng_key, state):
    particles, logl = state
    worst = jnp.argmin(logl)
    new = jax.tree_util.tree_map(lambda x: x.at[worst].set(x.mean(0)), particles)
    return (new, logl.at[worst].set(logl.max())), worst / num_live(particles)


state = ({"x": jnp.linspace(-1.0, 1.0, 8)}, -jnp.linspace(-1.0, 1.0, 8) ** 2)
state, dead_point = step(jax.random.PRNGKey(0), state)
print(dead_point)
