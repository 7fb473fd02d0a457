"""What every rule is: the record it predicts, its own VALID/INVALID examples, check and fixes.

A rule is a short query over the facts the interpreter recorded (``jaxlsp.infer.program``):
"this NumPy call converts a tracer", "this custom_vjp function runs in an eager shard_map
body".  INVALID examples mark each line where a finding must start with
``# expect: <code>``; every example is a whole program, run on the pinned JAX by the test
suite (INVALID ones raise the record's error, VALID ones run), and the rule is run on each
(``tests/engine/test_rule_examples.py``), so the examples are the rule's specification.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from jaxlsp.findings import Finding, Fix
from jaxlsp.infer.program import Program
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
    """One rule per file under ``jaxlsp.rules`` (a file may hold a parametrised family)."""

    #: The rule's own name (usable in select/ignore like a code).
    NAME: ClassVar[str]
    #: Names the rule had before; select, ignore and ignore comments still accept them.
    FORMER_NAMES: ClassVar[tuple[str, ...]] = ()
    #: The record's slug: the diagnostic code and the ignore-comment code.
    CODE: ClassVar[str]
    RECORD_ID: ClassVar[str]
    VALID: ClassVar[tuple[str, ...]] = ()
    INVALID: ClassVar[tuple[str, ...]] = ()
    #: The rule reads nothing but the analysed module's own text (its trees and lines, and
    #: ``program.span``/``is_here`` of its sites): no fact, no other module.  Its findings on a
    #: text are kept with the analysis, and an importer re-checked after an edit to a module
    #: it imports (its own text unchanged) takes them instead of asking it again
    #: (``run_rules``).  ``tests/engine/test_own_text_rules.py`` holds each to it.
    READS_OWN_TEXT: ClassVar[bool] = False

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        """The findings of one analysis; ``record`` is None when the record is not loaded.

        A finding's ``path`` names the module it is in when that is not the analysed one (a
        helper in another module reached from here)."""
        raise NotImplementedError

    def fixes(self, source: str, program: Program, finding: Finding) -> list[Fix]:
        """The record's quick fixes for one of this rule's findings (computed on request)."""
        return []


def explanation(record: Record | None) -> str:
    """The record's explanation, appended to a finding's first sentence."""
    if record is None or not record.documentation:
        return ""
    return "\n\n" + record.documentation
