# realbug: keras-19271-random-shuffle-backend (fixed)
# source: https://github.com/keras-team/keras/issues/19271
import jax
import jax.numpy as jnp


def jax_draw_seed(seed):
    return jax.random.PRNGKey(seed) if isinstance(seed, int) else seed


def shuffle(x, axis=0, seed=None):
    seed = jax_draw_seed(seed)
    return jax.random.permutation(seed, x, axis, independent=True)


print(shuffle(jnp.arange(10), seed=1337))
