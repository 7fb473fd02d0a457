"""``jax.random.choice(key, a, shape=100)``: ``choice`` checks that its ``shape`` is a sequence
(a tuple or a list) before reading it, unlike the other samplers (``normal(key, 100)`` takes
an int), so a number there raises TypeError.

The contract is in the API models (``Requirement.SEQUENCE`` on ``choice``'s ``shape``);
reported when every value the shape can have is a Python number.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class RandomChoiceShapeNotSequence(Rule):
    NAME = "random-choice-shape-not-sequence"
    CODE = "random-choice-shape-not-sequence"
    RECORD_ID = "7fe616d73dcb9be3"

    VALID = (
        """
import jax

key = jax.random.key(1234)
draws = jax.random.choice(key, 8, shape=(100,))
noise = jax.random.normal(key, 100)
""",
    )
    INVALID = (
        """
import jax

key = jax.random.key(1234)
draws = jax.random.choice(key, 8, shape=100)  # expect: random-choice-shape-not-sequence
""",
        """
import jax

def sample(key, options, count=1):
    return jax.random.choice(key, options, count)  # expect: random-choice-shape-not-sequence

sample(jax.random.key(0), 5)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("not-sequence"):
            node = violation.node
            where = f"`{source(node)}`" if node is not None else "its shape"
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` is given {where} ({violation.described}) as its shape: "
                "`jax.random.choice` requires a sequence there and raises TypeError. Pass a "
                "tuple: `shape=(n,)`.",
                (related(program, call.site, f"this shape is {violation.described}", node),),
                node=node,
            )
