# realbug: bindcraft-254-jax-tree-flatten (fixed)
# source: https://github.com/martinpacesa/BindCraft/issues/254
import jax
import jax.numpy as jnp

params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
leaves, treedef = jax.tree_util.tree_flatten(params)
noisy = [leaf + 0.01 for leaf in leaves]
print(jax.tree_util.tree_unflatten(treedef, noisy))
