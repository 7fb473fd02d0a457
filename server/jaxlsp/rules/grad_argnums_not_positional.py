"""A gradient function called with fewer positional arguments than its `argnums` needs:
`jax.grad(f, argnums=0)(x=1.0)`. Keyword arguments have no position, so the call raises.

The contract is in the API models (`Requirement.POSITIONAL_AT_CALL` on `argnums` of
`jax.grad` and `jax.value_and_grad`); this rule reports the calls that break it.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Transformed
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class GradArgnumsNotPositional(Rule):
    NAME = "grad-argnums-not-positional"
    CODE = "grad-argnums-not-positional"
    RECORD_ID = "e291eab5e0f9fcf9"

    VALID = (
        """
from functools import partial
from jax import grad

def f(x, y):
    return x * y

df = grad(f, argnums=0)
partial(df, 0.0)(y=1.0)
""",
    )
    INVALID = (
        """
from functools import partial
from jax import grad

def f(x, y):
    return x * y

df = grad(f, argnums=0)
partial(df, x=0.0)(y=1.0)  # expect: grad-argnums-not-positional
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for called in program.facts.called:
            for violation in called.violations:
                if violation.kind != "argnums-positional":
                    continue
                needed, given = violation.described.split(":")
                callee = called.callee
                made = callee.site if isinstance(callee, Transformed) else None
                api = (
                    callee.transform.removeprefix("jax.") if isinstance(callee, Transformed) else ""
                )
                yield finding(
                    self,
                    record,
                    program,
                    called.site,
                    f"This {api} function differentiates by position and needs at least "
                    f"{needed} positional argument{'s' if needed != '1' else ''}, but the call "
                    f"passes {given} (keyword arguments have no position): it raises "
                    "TypeError. Pass the differentiated arguments positionally.",
                    (related(program, made, "argnums set here"),) if made is not None else (),
                )
