# realbug: flax-242-random-shuffle-graph-test
# source: https://github.com/google/flax/pull/242
# kind: removed-name
# raises: AttributeError: module 'jax.random' has no attribute 'shuffle'
# Flax's graph example test shuffled its edge list with `jax.random.shuffle` (deprecated in
# JAX 0.1.66, the cause of the failing test the PR fixed; removed since). The edges are filled
# in.
import jax
import jax.numpy as jnp

rng = jax.random.PRNGKey(0)
sources = jnp.array([0, 1, 2, 3, 4])
targets = jnp.array([1, 2, 3, 4, 0])
edge_order = jax.random.shuffle(rng, jnp.arange(sources.shape[0]))  # BUG
sources, targets = sources[edge_order], targets[edge_order]
print(sources, targets)
