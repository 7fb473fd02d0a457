# realbug: trajax-9-tree-multimap
# source: https://github.com/google/trajax/issues/9
# kind: removed-api
# raises: AttributeError: module 'jax' has no attribute 'tree_multimap'
# The report ran trajax's optimizers.py, which combines two pytrees with `jax.tree_multimap`
# (removed from JAX); the combining step is reduced to one line with toy trees.
import jax
import jax.numpy as jnp

X = {"x": jnp.zeros(3), "u": jnp.zeros(2)}
dX = {"x": jnp.ones(3), "u": jnp.ones(2)}
X_new = jax.tree_multimap(lambda a, b: a + 0.5 * b, X, dX)  # BUG
