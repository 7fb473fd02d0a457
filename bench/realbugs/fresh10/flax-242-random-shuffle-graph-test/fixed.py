# realbug: flax-242-random-shuffle-graph-test (fixed)
# source: https://github.com/google/flax/pull/242
import jax
import jax.numpy as jnp

rng = jax.random.PRNGKey(0)
sources = jnp.array([0, 1, 2, 3, 4])
targets = jnp.array([1, 2, 3, 4, 0])
edge_order = jax.random.permutation(rng, jnp.arange(sources.shape[0]))
sources, targets = sources[edge_order], targets[edge_order]
print(sources, targets)
