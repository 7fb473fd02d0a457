"""A helper scales every leaf of a parameter tree and rebuilds it with the arguments swapped."""
# corpus: label=positive styles=helper,parameter

import jax


def scale(params, factor):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    scaled = [factor * leaf for leaf in leaves]
    return jax.tree_util.tree_unflatten(scaled, treedef)  # expect: tree-unflatten-not-treedef


scale({"w": 1.0, "b": 0.0}, 2.0)
