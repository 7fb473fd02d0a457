"""What every rule is: the record it predicts, its own VALID/INVALID examples, check and fixes.

INVALID examples mark each line where a finding must start with ``# expect: <code>``; the test
suite runs every rule on its examples (``tests/engine/test_rule_examples.py``), so the examples
are the rule's specification.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.findings import Finding, Fix
from jaxlsp.records.record import Record


@dataclass(frozen=True)
class RuleFailure:
    """A rule that raised on one module: its findings are dropped, the other rules' kept."""

    rule: str
    #: ``repr`` of the exception.
    error: str
    #: The formatted traceback, for the log.
    detail: str

    def __str__(self) -> str:
        return f"rule {self.rule} failed: {self.error}"


class Rule:
    """One rule per file under ``jaxlsp.rules``; subclasses are discovered by the registry."""

    #: The rule's own name (usable in select/ignore like a code).
    NAME: ClassVar[str]
    #: The record's slug: the diagnostic code and the ignore-comment code.
    CODE: ClassVar[str]
    RECORD_ID: ClassVar[str]
    VALID: ClassVar[tuple[str, ...]] = ()
    INVALID: ClassVar[tuple[str, ...]] = ()

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        """The findings for one module; ``record`` is None when the record is not loaded."""
        raise NotImplementedError

    def fixes(self, source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
        """The record's quick fixes for one of this rule's findings (computed on request)."""
        return []


def explanation(record: Record | None) -> str:
    """The record's explanation, appended to a finding's first sentence."""
    if record is None or not record.documentation:
        return ""
    return "\n\n" + record.documentation
