"""A shape with a Python float in it: `jnp.zeros(n / 2)`, `x.reshape(batch / 2, -1)`,
`jax.random.normal(key, (d / 4,))`. Shapes take integers; `/` makes a float even of two ints.

The contract is the `shapes` of the API models (every parameter that is a shape); this rule
reports each dimension the interpreter proves is a float (a tracer there is
`traced-shape-argument`'s).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class ShapeNotIntegers(Rule):
    NAME = "shape-not-integers"
    CODE = "traced-shape-argument"
    RECORD_ID = "510a81bd922956c0"

    VALID = (
        """
import jax.numpy as jnp

def halves(x):
    n = x.shape[0]
    return x.reshape(n // 2, -1), jnp.zeros(n // 2)

halves(jnp.ones(6))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def halves(x):
    n = x.shape[0]
    return jnp.zeros(n / 2)  # expect: traced-shape-argument

halves(jnp.ones(6))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.facts.api_calls:
            for violation in call.violations:
                if violation.kind != "shape-float":
                    continue
                node = violation.node if violation.node is not None else call.site.node
                yield finding(
                    self,
                    record,
                    program,
                    call.site,
                    f"The shape `{source(node)}` of `{call.api.short}` holds "
                    f"{violation.described}: shapes take integers, so this raises TypeError. "
                    "Use integer division (`//`) or `int(...)` for a size computed by division.",
                    (related(program, call.site, "this shape", violation.node),),
                )
