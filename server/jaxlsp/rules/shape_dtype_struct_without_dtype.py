"""``jax.ShapeDtypeStruct(shape, None)``: a ShapeDtypeStruct needs a dtype, and refuses None
when it is made.

The contract is in the API models (``Requirement.NOT_NONE`` on its dtype); reported when the
dtype is surely None (a default a helper passes on, a literal).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class ShapeDtypeStructWithoutDtype(ArgumentRule):
    NAME = "shape-dtype-struct-without-dtype"
    CODE = "shape-dtype-struct-without-dtype"
    RECORD_ID = "16e5e0690db5f2ce"
    KIND = "none"
    APIS = frozenset({"jax.ShapeDtypeStruct"})

    VALID = (
        """
import jax
import jax.numpy as jnp

def result_shape(shape, dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype)

result_shape((8, 128))
like = jax.ShapeDtypeStruct(jnp.ones(3).shape, jnp.ones(3).dtype)
""",
    )
    INVALID = (
        """
import jax

def result_shape(shape, dtype=None):
    return jax.ShapeDtypeStruct(shape, dtype)  # expect: shape-dtype-struct-without-dtype

result_shape((8, 128))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            "`jax.ShapeDtypeStruct` is given None as its dtype: a ShapeDtypeStruct needs "
            "one, so it raises ValueError when it is made. Pass a dtype (`jnp.float32`, or "
            "the `x.dtype` of the array it describes)."
        )

    def argument_note(self, violation: Violation) -> str:
        return "this dtype is None"
