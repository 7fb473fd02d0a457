"""What the rules over custom derivative rules share: each reports the violations of one kind
found when a custom_jvp/custom_vjp function's rules ran (``Called.violations`` of its calls),
once per call, with the function's definition as related location."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.apis.contracts import Violation
from jaxlsp.findings import Finding, RelatedLocation, Severity
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative, Flavour, Function, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class CustomDerivativeRule(Rule):
    """A rule over the violations of one ``KIND`` that a custom derivative's rules make."""

    #: The ``Violation.kind`` this rule reports.
    KIND: ClassVar[str]
    #: Reported where the differentiation runs (the gradient raises there, when the rule
    #: runs), not at the call of the function.
    AT_DIFFERENTIATION: ClassVar[bool] = True
    #: An error where JAX's own check raises; a warning where the violation only makes the
    #: code after the call go wrong.
    SEVERITY: ClassVar[Severity] = "error"

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for called, violation in program.call_violations(self.KIND):
            custom = called.callee
            if not isinstance(custom, CustomDerivative) or called.site in reported:
                continue
            reported.add(called.site)
            yield finding(
                self,
                record,
                program,
                differentiated_at(called) if self.AT_DIFFERENTIATION else called.site,
                self.message(custom, violation),
                (
                    related(program, custom.site, f"{custom.describe()} is defined here"),
                    *_returns_of_rule(program, violation),
                ),
                severity=self.SEVERITY,
            )

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        raise NotImplementedError


def differentiated_at(called: Called) -> Site:
    """Where the error surfaces: the transform that differentiates the call (``jax.grad``),
    when known, else the call of the custom_vjp function."""
    trace = called.frame.under(Flavour.DIFFERENTIATED)
    return trace.site if trace is not None and trace.site is not None else called.site


def _returns_of_rule(program: Program, violation: Violation) -> tuple[RelatedLocation, ...]:
    """Where the rule that broke the check returns (its ``return`` statements, a lambda's
    body): what returned the wrong value, when the violation's value is the rule itself."""
    places: list[RelatedLocation] = []
    for rule in violation.value:
        if not isinstance(rule, Function):
            continue
        message = f"the {violation.parameter} rule returns here"
        if isinstance(rule.node, ast.Lambda):
            places.append(related(program, rule.site, message, rule.node.body))
            continue
        for node in _own_returns(rule.node):
            places.append(related(program, rule.site, message, node))
    return tuple(places)


def _own_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Return]:
    """The ``return`` statements of ``function`` itself, not of functions defined in it."""
    found: list[ast.Return] = []
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        elif not isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
        ):
            pending.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))
