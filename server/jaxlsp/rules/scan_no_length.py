"""``lax.scan(f, init)`` or ``xs=None`` without ``length=``: nothing tells scan how many
steps.  (``lax.scan(f, init, None, n)`` gives the length as the fourth argument; an empty
tuple, list or dict of xs has no steps either.)"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Function
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ScanNoLength(Rule):
    NAME = "scan-no-length"
    FORMER_NAMES = ("scan-without-length",)
    CODE = "scan-no-length"
    RECORD_ID = "7f9133bd5b5aef40"

    VALID = (
        """
from jax import lax

def step(carry, _):
    return carry + 1, carry

lax.scan(step, 0, None, length=3)
lax.scan(step, 0, None, 4)
lax.scan(step, 0, length=5)
""",
    )
    INVALID = (
        """
import jax

def step(carry, _):
    return carry + 1, carry

final, _ = jax.lax.scan(step, 0, None)  # expect: scan-no-length
""",
        # the scan in a helper whose xs default to None
        """
from jax import lax

def unroll(step, init, xs=None):
    return lax.scan(step, init, xs)  # expect: scan-no-length

unroll(lambda c, _: (c + 1, c), 0)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.broken_calls():
            if not any(v.kind == "scan-length" for v in call.violations):
                continue
            yield finding(
                self,
                record,
                program,
                call.site,
                "lax.scan gets no xs and no length: it cannot tell how many steps to run, so "
                "it raises ValueError. Pass `length=n` (or the xs to scan over).",
                tuple(
                    related(program, body.site, f"{body.describe()} is the scan body")
                    for body in call.arguments.get("f", ())
                    if isinstance(body, Function)
                )[:1],
            )
