"""A ``jax.vmap``-ped function called with arguments that hold no array nor number at all
(``None``, an empty dict, tuple or list) and no ``axis_size``: vmap reads the size to map
over from the arrays it is given, finds none, and raises ValueError at the call.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class VmapNoArrayArguments(ShapeRule):
    NAME = "vmap-no-array-arguments"
    CODE = "vmap-no-array-arguments"
    RECORD_ID = "f3e95bc61d4d98ee"
    KINDS = frozenset({"vmap-no-arrays"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass the arrays to map over (a batch with a leading axis), or give axis_size=... "
        "to run the function that many times."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

jax.vmap(lambda x: x)({"a": jnp.arange(3.0)})
jax.vmap(lambda x: x, axis_size=2)({})
""",
    )
    INVALID = (
        """
import jax

def per_example(batch):
    return batch

mapped = jax.vmap(per_example)
mapped({})  # expect: vmap-no-array-arguments
""",
        """
import jax

jax.vmap(lambda x, y: x)((), y=None)  # expect: vmap-no-array-arguments
""",
    )
