"""What the rules over custom derivative rules share: each reports the violations of one kind
found when a custom_jvp/custom_vjp function's rules ran (``Called.violations`` of its calls),
once per call, with the function's definition as related location."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.apis.contracts import Violation
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative, Flavour, Site
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
                (related(program, custom.site, f"{custom.describe()} is defined here"),),
            )

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        raise NotImplementedError


def differentiated_at(called: Called) -> Site:
    """Where the error surfaces: the transform that differentiates the call (``jax.grad``),
    when known, else the call of the custom_vjp function."""
    trace = called.frame.under(Flavour.DIFFERENTIATED)
    return trace.site if trace is not None and trace.site is not None else called.site
