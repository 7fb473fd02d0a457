"""What the shape rules share: each reports the ``ShapeError`` facts of its kinds (a call the
interpreter proved raises on its operands' shapes or dtypes), naming both shapes and where each
was made (related locations), and the call that brought them there when the error is inside a
helper (with the outermost call of the chain, when it is another)."""

from __future__ import annotations

import ast
import threading
import weakref
from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.infer.frames import ShapeError
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Reads, Rule
from jaxlsp.syntax.walk import walk

#: What the shape rules read: the proven shape errors (each rule those of its kinds).
SHAPE_ERRORS = Reads("the proven shape errors", frozenset({"shape_errors"}), lambda fact: True)


class ShapeRule(Rule):
    """A rule over the interpreter's proven shape mismatches of some ``KINDS``."""

    #: The ``Mismatch.kind``s this rule reports (``jaxlsp.apis.shaping``).
    KINDS: ClassVar[frozenset[str]]
    #: What to do about it (the message's last sentence).
    ADVICE: ClassVar[str]
    #: Whether the message first names the operands and their types (the transforms' own
    #: complaints already do).
    NAMES_OPERANDS: ClassVar[bool] = True
    READS = SHAPE_ERRORS

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for error in program.facts.shape_errors:
            # an unproved one (``ShapeError.assumed``) is dropped by ``run_rules``
            if error.mismatch.kind in self.KINDS:
                yield finding(
                    self,
                    record,
                    program,
                    error.site,
                    self.message(error),
                    shape_related(program, error),
                    node=error.mismatch.node,
                )

    def message(self, error: ShapeError) -> str:
        summary = error.mismatch.summary.rstrip(".")
        if not self.NAMES_OPERANDS or not error.mismatch.operands:
            return f"`{error.api}` raises: {summary}. {self.ADVICE}"
        operands = " and ".join(
            f"{operand.label} is {operand.aval.describe()}" for operand in error.mismatch.operands
        )
        return f"`{error.api}`: {operands}, so JAX raises: {summary}. {self.ADVICE}"


_WITHIN: weakref.WeakKeyDictionary[ast.AST, frozenset[int]] = weakref.WeakKeyDictionary()
_WITHIN_LOCK = threading.Lock()  # analyses may run on several threads


def _nodes_within(node: ast.AST) -> frozenset[int]:
    """The ids of ``node`` and every node in it, found once per node: an unchanged statement
    keeps its tree from one version of the file to the next, and its error with it."""
    with _WITHIN_LOCK:
        known = _WITHIN.get(node)
    if known is None:
        known = frozenset(id(inner) for inner in walk(node))
        with _WITHIN_LOCK:
            _WITHIN[node] = known
    return known


def shape_related(program: Program, error: ShapeError) -> tuple[RelatedLocation, ...]:
    """Where each operand's shape was made, and the call that reached the failing line
    from elsewhere."""
    found: list[RelatedLocation] = []
    seen: set[object] = set()
    failing = error.site
    nodes = _nodes_within(failing.node)

    def inside(site: Site) -> bool:
        same_statement = site.module == failing.module and site.tree is failing.tree
        return same_statement and id(site.node) in nodes

    for operand in error.mismatch.operands:
        origin = operand.aval.origin
        if origin is None or origin in seen or inside(origin):
            continue  # (made in the failing expression itself: its own range says it)
        seen.add(origin)
        found.append(
            related(program, origin, f"{operand.label}: {operand.aval.describe()} made here")
        )
    for site, message in error.mismatch.notes:
        if not inside(site) and site not in seen:
            seen.add(site)
            found.append(related(program, site, message))
    # the call that reached the failing line, and the outermost call of the chain: the values
    # the error rests on came in through it, so a run that never made it never tested them
    calls = [f for f in error.frame.chain() if f.function is not None and f.call_site is not None]
    for frame in calls[:1] + calls[1:][-1:]:
        function, call = frame.function, frame.call_site
        if function is not None and call is not None and call not in seen:
            seen.add(call)
            found.append(related(program, call, f"{function.describe()} is called here"))
    return tuple(found)
