"""A `lax.scan` (or `lax.fori_loop`) body that returns a carry of another pytree structure
than the initial carry: a dict that gains a key, a tuple of another length, a list for a tuple.

JAX traces the body once and compares the two structures; so does this rule, with the pytree
model of the interpreter's values (`jaxlsp.infer.pytrees`).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ScanCarryStructureMismatch(Rule):
    NAME = "scan-carry-structure-mismatch"
    FORMER_NAMES = ("loop-carry-structure-mismatch",)
    CODE = "scan-carry-structure-mismatch"
    RECORD_ID = "0cf9c54685def632"

    VALID = (
        """
import jax
import jax.numpy as jnp

def step(state, x):
    return {"total": state["total"] + x, "count": state["count"] + 1}, x

jax.lax.scan(step, {"total": 0.0, "count": 0}, jnp.arange(3.0))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def step(state, x):
    return {"total": state["total"] + x, "last": x}, x

jax.lax.scan(step, {"total": 0.0}, jnp.arange(3.0))  # expect: scan-carry-structure-mismatch
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("carry-structure"):
            yield finding(
                self,
                record,
                program,
                call.site,
                f"The carry changes structure: {violation.described}. "
                f"`{call.api.short}` needs the body to return a carry of the same pytree "
                "structure as the initial one, so it raises TypeError.",
                (related(program, call.site, "the initial carry", violation.node),),
            )
