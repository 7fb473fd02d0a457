"""A custom derivative function called, but its rule is never registered.

``jax.custom_vjp`` and ``jax.custom_jvp`` functions raise AttributeError when called until
``f.defvjp(fwd, bwd)`` / ``f.defjvp(rule)`` registers their rule; the registration may be
anywhere the analysis ran (another module counts when it is imported), but it must come first:
a call that the module's own code reaches (no unknown caller on its path, so the analysis ran
it in the program's order) before any registration raises too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.records.record import Record
from jaxlsp.rules._support import definition_span, finding, related
from jaxlsp.rules.base import Rule


class CustomRuleMissing(Rule):
    """The family: ``API`` is the custom derivative it checks, ``REGISTER`` its method."""

    API: ClassVar[str]
    REGISTER: ClassVar[str]

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        seen: set[object] = set()
        heap = program.interpreter.heap
        for called in program.calls_of(CustomDerivative):
            custom = called.callee
            if not isinstance(custom, CustomDerivative) or custom.api != self.API:
                continue
            if custom.site in seen:
                continue
            registered = bool(heap.registrations.get(custom.ref))
            if registered and not called.before_rules:
                continue  # (the common case: asked first, as it needs no walk of the callers)
            in_order = not any(frame.open_context for frame in called.frame.chain())
            if registered and not in_order:
                continue
            seen.add(custom.site)
            name = custom.describe()
            register = f"`{self.REGISTER}`"
            when = (
                f"registered with {register} only after it is called"
                if registered
                else f"never registered with {register}"
            )
            yield finding(
                self,
                record,
                program,
                custom.site,
                f"{name} is a {self.API} function, but its rule is {when}: calling it raises "
                "AttributeError. Register the rule "
                f"(`{name.strip('`')}.{self.REGISTER}(...)`) before the first call.",
                (related(program, called.site, f"{name} is called here"),),
                span=definition_span(program, custom.site),
            )
