"""A custom derivative's rule that returns one value where JAX wants a pair.

A custom_jvp rule returns ``(primal_out, tangent_out)`` and a custom_vjp ``fwd`` returns
``(primal_out, residuals)``; JAX checks this when the function is differentiated (that is when
the rule runs).  A rule registered but run nowhere in the analysed code is checked too, as its
callers will run it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import (
    Array,
    Const,
    DictValue,
    Key,
    ListValue,
    NumpyArray,
    Static,
    Tuple,
    Value,
    Values,
    describe_values,
)
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def is_pair(value: Value, program: Program) -> bool | None:
    """Whether a returned value is a pair (a 2-tuple or 2-list; a dict never is); None when
    unknown."""
    if isinstance(value, Tuple):
        return len(value.items) == 2
    if isinstance(value, ListValue):
        items = program.interpreter.heap.list_items(value.ref)
        return None if items is None else len(items) == 2
    if isinstance(value, Array) and not value.tree:
        return False
    if isinstance(value, Const | NumpyArray | Key | DictValue):
        return False
    if isinstance(value, Static) and value.type_name in ("int", "float", "bool", "str", "number"):
        return False
    return None


def not_pairs(frame: Frame, program: Program) -> list[tuple[ast.AST, Values]]:
    """The return statements (or the lambda body) of ``frame`` whose value is surely not a
    pair; [] unless every return of the frame is one."""
    found: list[tuple[ast.AST, Values]] = []
    for site, values in frame.returns:
        if not values or any(is_pair(v, program) is not False for v in values):
            return []
        found.append((site.node, values))
    return found


def describe_returned(values: Values) -> str:
    if len(values) == 1 and isinstance(values[0], Tuple):
        return f"a tuple of {len(values[0].items)}"
    return describe_values(values)


class CustomRuleNotPair(Rule):
    """The family: ``API`` and the ``ROLE`` of the rule checked (``jvp`` or ``fwd``)."""

    API: ClassVar[str]
    ROLE: ClassVar[str]
    WHAT: ClassVar[str]

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for invocation in program.facts.invocations:
            if invocation.api != self.API or invocation.role != self.ROLE:
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
                    f"This {self.ROLE} rule returns {describe_returned(values)}, but JAX wants "
                    f"{self.WHAT}: differentiating the function raises TypeError. Return both.",
                    (related(program, invocation.site, "the function is differentiated here"),),
                    node=node,
                )
