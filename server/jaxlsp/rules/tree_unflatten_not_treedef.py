"""``jax.tree_util.tree_unflatten(leaves, treedef)``: a list, tuple, dict or array where the
PyTreeDef goes (the arguments swapped, or the tree passed instead of its structure).

The contract is in the API models (``Requirement.TREEDEF`` on ``tree_unflatten``'s treedef);
reported when every value the treedef can have is surely such a value.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class TreeUnflattenNotTreedef(ArgumentRule):
    NAME = "tree-unflatten-not-treedef"
    CODE = "tree-unflatten-not-treedef"
    RECORD_ID = "550142b58fb85540"
    KIND = "not-treedef"

    VALID = (
        """
import jax

leaves, treedef = jax.tree_util.tree_flatten({"w": 1.0, "b": 0.0})
params = jax.tree_util.tree_unflatten(treedef, [2 * leaf for leaf in leaves])
same = jax.tree.unflatten(jax.tree.structure(params), jax.tree.leaves(params))
""",
    )
    INVALID = (
        """
import jax

def scale(params, factor):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    scaled = [factor * leaf for leaf in leaves]
    return jax.tree_util.tree_unflatten(scaled, treedef)  # expect: tree-unflatten-not-treedef

scale({"w": 1.0}, 2.0)
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` is given {violation.described} as its treedef: it takes "
            "the PyTreeDef first and the leaves second, so it raises AttributeError. Pass "
            "`(treedef, leaves)` (`jax.tree.structure(tree)` gives a tree's treedef)."
        )
