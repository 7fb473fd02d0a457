"""What the argument-contract rules share: each reports the violations of one kind the API
models found at the calls the interpreter resolved (``jaxlsp.apis.contracts``), at the call:
of the API itself, with the offending argument as its related location (``ArgumentRule``), or
of the function a transform made, with where it was made (``CalledRule``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.apis.contracts import Violation
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall, Called
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import ShardMapped, Transformed
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Reads, Rule

#: What the argument-contract rules read: the calls of modelled APIs that break a contract
#: (each rule those of its kind; ``Program.violations``).
BROKEN_CALLS = Reads(
    "the calls that break their API's contract",
    frozenset({"api_calls"}),
    lambda fact: not isinstance(fact, ApiCall) or bool(fact.violations),
)


class ArgumentRule(Rule):
    """A rule over the violations of one ``KIND`` of argument contract."""

    #: The ``Violation.kind`` this rule reports.
    KIND: ClassVar[str]
    #: Only the calls of these APIs (another API's violation of the kind raises another
    #: record's error); None: every API's.
    APIS: ClassVar[frozenset[str] | None] = None
    READS = BROKEN_CALLS

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations(self.KIND):
            if (self.APIS is not None and call.api.name not in self.APIS) or self.excused(call):
                continue
            node = violation.node
            yield finding(
                self,
                record,
                program,
                call.site,
                self.message(call, violation),
                (related(program, call.site, self.argument_note(violation), node),),
                node=node,
            )

    def message(self, call: ApiCall, violation: Violation) -> str:
        raise NotImplementedError

    def argument_note(self, violation: Violation) -> str:
        """The related location's message, at the offending argument."""
        return f"this is {violation.described}"

    def excused(self, call: ApiCall) -> bool:
        """Whether the code guards this call against the error (it is then not reported)."""
        return False


class CalledRule(Rule):
    """A rule over the violations of one ``KIND`` that a call of a function a transform made
    (jit, vmap, grad, shard_map) breaks of what that transform requires of each call."""

    #: The ``Violation.kind`` this rule reports.
    KIND: ClassVar[str]
    #: The related location's message, where the transform was given what the call breaks.
    MADE_NOTE: ClassVar[str]

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for called, violation in program.call_violations(self.KIND):
            if self.unproved(program, called, violation):
                continue
            callee = called.callee
            made = callee.site if isinstance(callee, Transformed | ShardMapped) else None
            yield finding(
                self,
                record,
                program,
                called.site,
                self.message(called, violation),
                (related(program, made, self.MADE_NOTE),) if made is not None else (),
            )

    def message(self, called: Called, violation: Violation) -> str:
        raise NotImplementedError

    def unproved(self, program: Program, called: Called, violation: Violation) -> bool:
        """Whether the violation rests on what only the whole program can settle, and the
        module does not."""
        return False


def argument_label(parameter: str) -> str:
    """How a message names a call's argument: by its place counted from 1, as people count
    ("argument 2" for the second; ``parameter`` is its 0-based index), or "`name`" by keyword."""
    return f"argument {int(parameter) + 1}" if parameter.isdigit() else f"`{parameter}`"
