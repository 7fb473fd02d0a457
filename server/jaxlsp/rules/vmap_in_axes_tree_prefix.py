"""``jax.vmap(f, in_axes=(...))`` called with an argument whose pytree the entry for it is not a
prefix of: a dict of axes with other keys than the argument's, a tuple of axes of another
length, a list where the argument is a tuple.

vmap matches each entry of ``in_axes`` to the positional argument at its place and needs the
entry to be a prefix of that argument's tree (a single int or None covers a whole subtree), so
the check is at each call (``Requirement.PREFIX_OF_ARGUMENT_AT_CALL`` on ``in_axes``); this
rule reports each call the interpreter proves breaks it.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import Called
from jaxlsp.rules._arguments import CalledRule


class VmapInAxesTreePrefix(CalledRule):
    NAME = "vmap-in-axes-tree-prefix"
    FORMER_NAMES = ("vmap-in-axes-structure",)
    CODE = "vmap-in-axes-tree-prefix"
    RECORD_ID = "e5ea868ade658e93"
    KIND = "in-axes-prefix"
    MADE_NOTE = "in_axes given here"

    VALID = (
        """
import jax
import jax.numpy as jnp

def predict(params, x):
    return x @ params["w"] + params["b"]

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
xs = jnp.ones((5, 3))
jax.vmap(predict, in_axes=({"w": None, "b": None}, 0))(params, xs)
jax.vmap(predict, in_axes=(None, 0))(params, xs)
axes = jax.tree.map(lambda _: None, params)
jax.vmap(predict, in_axes=(axes, 0))(params, xs)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def predict(params, x):
    return x @ params["w"]

params = {"w": jnp.ones((3, 2))}
batched = jax.vmap(predict, in_axes=({"w": None, "bias": None}, 0))
batched(params, jnp.ones((5, 3)))  # expect: vmap-in-axes-tree-prefix
""",
        """
import jax
import jax.numpy as jnp

class Model:
    def __init__(self):
        self.scales = (1.0, 2.0)

    def apply(self, scales, x):
        return x * scales[0] * scales[1]

    def batched(self, xs):
        apply = jax.vmap(self.apply, in_axes=([None, None], 0))
        return apply(self.scales, xs)  # expect: vmap-in-axes-tree-prefix

Model().batched(jnp.ones((4, 3)))
""",
    )

    def message(self, called: Called, violation: Violation) -> str:
        return (
            f"vmap's in_axes must be a tree prefix of each argument: {violation.described}, "
            "so this call raises ValueError. Give that argument one int or None, or build its "
            "axes from the argument itself (`jax.tree.map(lambda _: 0, argument)`)."
        )
