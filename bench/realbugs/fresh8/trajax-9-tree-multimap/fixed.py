# realbug: trajax-9-tree-multimap (fixed)
# source: https://github.com/google/trajax/issues/9
import jax
import jax.numpy as jnp

X = {"x": jnp.zeros(3), "u": jnp.zeros(2)}
dX = {"x": jnp.ones(3), "u": jnp.ones(2)}
X_new = jax.tree_util.tree_map(lambda a, b: a + 0.5 * b, X, dX)
