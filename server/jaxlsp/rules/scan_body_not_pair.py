"""A ``lax.scan`` body that returns one value instead of ``(carry, y)``.

Checked where scan runs the body (through helpers, lambdas and factories that make it); a body
that returns a 2-list is a pair too.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._custom_rule_not_pair import describe_returned, not_pairs
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ScanBodyNotPair(Rule):
    NAME = "scan-body-not-pair"
    FORMER_NAMES = ("scan-body-single-output",)
    CODE = "scan-body-not-pair"
    RECORD_ID = "59793b1e8031bb3d"

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

def step(carry, x):
    carry = carry + x
    return carry, carry * 2

total, history = lax.scan(step, 0.0, jnp.arange(3.0))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def step(carry, x):
    return carry + x  # expect: scan-body-not-pair

lax.scan(step, 0.0, jnp.arange(3.0))
""",
        # a lambda body that returns a triple, made by a factory
        """
import jax.numpy as jnp
from jax import lax

def make_body(scale):
    return lambda c, x: (c, x, c * scale)  # expect: scan-body-not-pair

lax.scan(make_body(2.0), 0.0, jnp.arange(3.0))
""",
        # a dict is one output, not a (carry, y) pair
        """
import jax.numpy as jnp
from jax import lax

def step(state, x):
    return {"total": state["total"] + x}  # expect: scan-body-not-pair

lax.scan(step, {"total": 0.0}, jnp.arange(3.0))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for invocation in program.facts.invocations:
            if invocation.api != "jax.lax.scan" or invocation.role != "body":
                continue
            frame = invocation.frame
            if frame is None or frame.function is None:
                continue
            for node, values in not_pairs(frame, program):
                yield finding(
                    self,
                    record,
                    program,
                    frame.function.site,
                    f"This scan body returns {describe_returned(values)}, but lax.scan wants "
                    "a pair (carry, y): the scan raises TypeError. Return "
                    "`carry, y` (y may be None).",
                    (related(program, invocation.site, "lax.scan runs the body here"),),
                    node=node,
                )
