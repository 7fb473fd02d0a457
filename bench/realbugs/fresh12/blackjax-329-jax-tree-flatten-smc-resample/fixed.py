# realbug: blackjax-329-jax-tree-flatten-smc-resample (fixed)
# source: https://github.com/blackjax-devs/blackjax/issues/329
import jax
import jax.numpy as jnp


def num_particles(particles):
  leaves, _ = jax.tree_util.tree_flatten(particles)
  return leaves[0].shape[0]


def resample(key, particles, weights):
  n = num_particles(particles)
  idx = jax.random.choice(key, n, shape=(n,), p=weights)
  return jax.tree_util.tree_map(lambda x: x[idx], particles)


particles = {"x": jnp.arange(4.0), "y": jnp.ones((4, 2))}
print(resample(jax.random.key(0), particles, jnp.full(4, 0.25)))
