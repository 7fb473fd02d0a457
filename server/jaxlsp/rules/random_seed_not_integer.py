"""``jax.random.key(0.5)``: a PRNG key made from a float seed (a literal, ``n / 2``, a float
parameter or array).

The contract is in the API models (``Requirement.INTEGER`` on the key makers' ``seed``);
reported when every value the seed can have is a float.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class RandomSeedNotInteger(Rule):
    NAME = "random-seed-not-integer"
    CODE = "random-seed-not-integer"
    RECORD_ID = "f1ef89ba0176e2f0"

    VALID = (
        """
import jax

def make_key(run, base=1_000_000):
    return jax.random.key(base + run // 2)

key = make_key(3)
old = jax.random.PRNGKey(int(7.0))
""",
    )
    INVALID = (
        """
import jax

key = jax.random.key(1e6)  # expect: random-seed-not-integer
""",
        """
import jax

def make_key(run, base=1_000_000):
    return jax.random.PRNGKey(base + run / 2)  # expect: random-seed-not-integer

make_key(3)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("not-integer"):
            node = violation.node
            where = f"`{source(node)}`" if node is not None else "its seed"
            through = "" if isinstance(node, ast.Constant) else f" ({violation.described})"
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` is given {where}{through} as its seed: a seed must be an "
                "integer, so it raises TypeError. Pass an int (`int(seed)`, or `//` instead "
                "of `/`; write 1e6 as 1_000_000).",
                (related(program, call.site, f"this seed is {violation.described}", node),),
                node=node,
            )
