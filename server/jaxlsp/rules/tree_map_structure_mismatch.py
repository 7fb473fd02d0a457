"""`jax.tree.map(f, tree, *rest)` where another tree surely does not have the first tree's
structure as a prefix: a list of another length, a tuple where the first has a list, other
dict keys.

The structures come from the pytree model of the interpreter's values
(`jaxlsp.infer.pytrees`); a tree whose structure is not fully known is compared only as far
as it is.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class TreeMapStructureMismatch(Rule):
    NAME = "tree-map-structure-mismatch"
    CODE = "tree-map-structure-mismatch"
    RECORD_ID = "1b08a82e1588283d"

    VALID = (
        """
import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": [jnp.zeros(2), jnp.zeros(2)]}
grads = {"w": jnp.ones(3), "b": [jnp.ones(2), jnp.ones(2)]}
jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
jax.tree.map(lambda x, y: x, (1, 2), ((1, 2), {"a": 3}))
""",
    )
    INVALID = (
        """
import jax

old = {"a": {"b": [1.0, 2.0, 3.0]}}
new = {"a": {"b": [1.0, 2.0, 3.0, 4.0]}}
jax.tree.map(lambda x, y: x + y, old, new)  # expect: tree-map-structure-mismatch
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.broken_calls():
            for violation in call.violations:
                if violation.kind != "tree-structure":
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    call.site,
                    f"The trees given to `{call.api.short}` differ: {violation.described}. "
                    "tree_map needs every further tree to have the first one's structure (as a "
                    "prefix), so it raises ValueError.",
                    (related(program, call.site, "this tree differs", violation.node),),
                )
