"""A helper scales every leaf of a parameter tree and rebuilds it."""
# corpus: label=negative styles=helper,parameter

import jax


def scale(params, factor):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    scaled = [factor * leaf for leaf in leaves]
    return jax.tree_util.tree_unflatten(treedef, scaled)


scale({"w": 1.0, "b": 0.0}, 2.0)
