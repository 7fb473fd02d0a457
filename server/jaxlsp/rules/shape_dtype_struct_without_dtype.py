"""``jax.ShapeDtypeStruct(shape, None)``: a ShapeDtypeStruct needs a dtype, and refuses None
when it is made.

The contract is in the API models (``Requirement.NOT_NONE`` on its dtype); reported when the
dtype is surely None (a default a helper passes on, a literal).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ShapeDtypeStructWithoutDtype(Rule):
    NAME = "shape-dtype-struct-without-dtype"
    CODE = "shape-dtype-struct-without-dtype"
    RECORD_ID = "16e5e0690db5f2ce"

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

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("none"):
            if call.api.name != "jax.ShapeDtypeStruct":
                continue  # (another API's None argument: another record's error)
            node = violation.node
            yield finding(
                self,
                record,
                program,
                call.site,
                "`jax.ShapeDtypeStruct` is given None as its dtype: a ShapeDtypeStruct needs "
                "one, so it raises ValueError when it is made. Pass a dtype (`jnp.float32`, or "
                "the `x.dtype` of the array it describes).",
                (related(program, call.site, "this dtype is None", node),),
                node=node,
            )
