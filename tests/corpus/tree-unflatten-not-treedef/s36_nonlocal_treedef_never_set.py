"""The same wrapper where the function that records the structure is never called: the treedef is still None."""
# corpus: label=positive styles=helper,direct batch=s36

import jax.numpy as jnp
from jax import tree_util


def run_outside(fn, *args):
    treedef = None

    def flat(*a):
        nonlocal treedef
        leaves, treedef = tree_util.tree_flatten(fn(*a))
        return tuple(leaves)

    leaves = [jnp.asarray(a) for a in args]
    return tree_util.tree_unflatten(treedef, leaves)  # expect: tree-unflatten-not-treedef


print(run_outside(lambda x: {"a": x}, jnp.ones(3)))
