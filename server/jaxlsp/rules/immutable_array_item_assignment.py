"""``x[i] = v`` (or ``x[i] += v``) on a jax.Array: JAX arrays are immutable.

Any JAX array, traced or not; the fix rewrites the statement to ``x = x.at[i].set(v)`` (or
``.add``, ``.multiply``...), which returns the updated array.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.contracts import assigns_into_array
from jaxlsp.findings import Finding, Fix, RelatedLocation
from jaxlsp.fixes.item_assignment import at_update_fix, at_update_title
from jaxlsp.infer.frames import Subscript
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source, traced_here
from jaxlsp.rules.base import Reads, Rule


def _read(fact: object) -> bool:
    """Whether a fact is one this rule reads (``READS``): an item assigned into an array."""
    return not isinstance(fact, Subscript) or assigns_into_array(fact)


class ImmutableArrayItemAssignment(Rule):
    NAME = "immutable-array-item-assignment"
    FORMER_NAMES = ("array-item-assignment",)
    CODE = "immutable-array-item-assignment"
    RECORD_ID = "aeb825c55d74bbdb"
    READS = Reads("the item assignments into arrays", frozenset({"subscripts"}), _read)

    VALID = (
        # functional updates, and NumPy arrays (mutable) assigned in place
        """
import jax.numpy as jnp
import numpy as np

x = jnp.zeros(3)
x = x.at[0].set(1.0)
buffer = np.zeros(3)
buffer[0] = 1.0
counts = [0, 0]
counts[1] += 1
""",
    )

    INVALID = (
        """
import jax.numpy as jnp

x = jnp.zeros(3)
x[0] = 1.0  # expect: immutable-array-item-assignment
""",
        # on a jitted function's parameter, through a helper
        """
import jax
import jax.numpy as jnp

def bump(total, i):
    total[i] += 1.0  # expect: immutable-array-item-assignment
    return total

@jax.jit
def step(total):
    return bump(total * 1.0, 0)

step(jnp.zeros(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for subscript in program.facts.subscripts:
            if not assigns_into_array(subscript):
                continue
            target = subscript.site.node
            assert isinstance(target, ast.Subscript)
            name = source(target.value)
            statement = _statement_of(subscript.site.tree, target)
            title = at_update_title(name, statement) if statement is not None else None
            traces = [v.trace for v in subscript.container if isinstance(v, Array) and v.trace]
            where = traced_here(program, traces[0]) if traces else _made(program, subscript.site)
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"`{name}` is a jax.Array, and JAX arrays are immutable: this assignment "
                f"raises TypeError. Write `{name} = {name}.at[...].set(...)` (or `.add`, "
                "`.multiply`...) instead.",
                where,
                fix_titles=(title,) if title else (),
            )

    def fixes(self, source: str, program: Program, finding: Finding) -> list[Fix]:
        for subscript in program.facts.subscripts:
            if not subscript.store or not program.is_here(subscript.site):
                continue
            if program.span(subscript.site) != finding.span:
                continue
            fix = at_update_fix(program, subscript.site)
            return [fix] if fix is not None else []
        return []


def _made(program: Program, site: Site) -> tuple[RelatedLocation, ...]:
    """Where the assigned name was last bound before the assignment, in the same statement."""
    target = site.node
    if not isinstance(target, ast.Subscript) or not isinstance(target.value, ast.Name):
        return ()
    name = target.value.id
    line = target.lineno
    last: ast.AST | None = None
    for node in ast.walk(site.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < line
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
            and (last is None or node.lineno > getattr(last, "lineno", 0))
        ):
            last = node
        elif isinstance(node, ast.arg) and node.arg == name:
            last = last or node
    if last is not None:
        return (related(program, site, f"`{name}` is a jax.Array made here", last),)
    chunks = program.module_of(site).parsed.chunks
    here = program.chunk_of(site)
    for chunk in reversed(chunks[: chunks.index(here)] if here in chunks else ()):
        for statement in chunk.tree.body:
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in statement.targets
            ):
                made = Site(site.module, chunk.tree, statement)
                return (related(program, made, f"`{name}` is a jax.Array made here"),)
    return ()


def _statement_of(tree: ast.Module, target: ast.AST) -> ast.Assign | ast.AugAssign | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and target in node.targets:
            return node
        if isinstance(node, ast.AugAssign) and node.target is target:
            return node
    return None
