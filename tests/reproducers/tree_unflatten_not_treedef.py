"""Raises AttributeError: tree_unflatten with its arguments swapped (leaves first)."""

import jax

leaves, treedef = jax.tree_util.tree_flatten({"w": 1.0, "b": 0.0})
jax.tree_util.tree_unflatten(leaves, treedef)
