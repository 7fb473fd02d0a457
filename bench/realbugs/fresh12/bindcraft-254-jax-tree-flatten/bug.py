# realbug: bindcraft-254-jax-tree-flatten
# source: https://github.com/martinpacesa/BindCraft/issues/254
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_flatten'
# ColabDesign (used by BindCraft) flattened its parameter tree with `jax.tree_flatten`,
# removed in JAX 0.6.0. Rebuilt as the flatten/unflatten round trip.
import jax
import jax.numpy as jnp

params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
leaves, treedef = jax.tree_flatten(params)  # BUG
noisy = [leaf + 0.01 for leaf in leaves]
print(jax.tree_util.tree_unflatten(treedef, noisy))
