"""``jax.numpy_dtype_promotion("Strict")``: a promotion level other than "standard" or
"strict".

The contract is in the API models (``Requirement.ONE_OF`` on its level); reported when the
level is surely a string outside those two.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class NumpyDtypePromotionUnknown(Rule):
    NAME = "numpy-dtype-promotion-unknown"
    CODE = "numpy-dtype-promotion-unknown"
    RECORD_ID = "67939bb33daa449d"

    VALID = (
        """
import jax
import jax.numpy as jnp

with jax.numpy_dtype_promotion("strict"):
    y = jnp.ones(3) + jnp.ones(3)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def add_strict(x, y, level="Strict"):
    with jax.numpy_dtype_promotion(level):  # expect: numpy-dtype-promotion-unknown
        return x + y

add_strict(jnp.ones(3), jnp.ones(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("not-one-of"):
            if call.api.name != "jax.numpy_dtype_promotion":
                continue
            node = violation.node
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`jax.numpy_dtype_promotion` is given {violation.described}: the level is "
                "'standard' or 'strict' (lower case), so it raises ValueError.",
                (related(program, call.site, f"the level is {violation.described}", node),),
                node=node,
            )
