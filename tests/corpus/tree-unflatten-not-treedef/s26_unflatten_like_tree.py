"""A helper rebuilds a params tree from new leaves, but hands `tree_unflatten` the tree itself instead of its structure."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax
import jax.numpy as jnp


def unflatten_like(tree, leaves):
    return jax.tree_util.tree_unflatten(tree, leaves)  # expect: tree-unflatten-not-treedef


params = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
leaves = [leaf * 0.5 for leaf in jax.tree_util.tree_leaves(params)]
print(unflatten_like(params, leaves))
