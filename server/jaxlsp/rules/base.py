"""What every rule is: the record it predicts, its own VALID/INVALID examples, check and fixes.

A rule is a short query over the facts the interpreter recorded (``jaxlsp.infer.program``):
"this NumPy call converts a tracer", "this custom_vjp function runs in an eager shard_map
body".  INVALID examples mark each line where a finding must start with
``# expect: <code>``; every example is a whole program, run on the pinned JAX by the test
suite (INVALID ones raise the record's error, VALID ones run), and the rule is run on each
(``tests/engine/test_rule_examples.py``), so the examples are the rule's specification.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from jaxlsp.findings import Finding, Fix
from jaxlsp.infer.dependents import PairMemo, same_fact
from jaxlsp.infer.program import Program
from jaxlsp.infer.summaries import Summary
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


@dataclass(frozen=True, eq=False)
class Reads:
    """What a rule reads of an analysis's facts, declared once for the rules that share it
    (``Rule.READS``).

    Why: an importer re-checked after an edit to a module it imports (its own text unchanged)
    is remade by ``reanalyze`` from its last analysis with every fact the same object at the
    same place but those of the few runs it replaced (``Program.replaced``).  A rule that
    reads only the facts ``selects`` picks of ``lists`` (and, with ``heap``, the heap objects'
    contents) finds what it found when none of those replaced facts is one it picks: its last
    findings are taken (``run_rules``), unless they cite a module that changed.  A rule must
    find on a program holding only the facts it selects what it finds on the whole one, and
    read no other list (``tests/engine/test_rule_reads.py`` runs each so on every rule's
    examples).
    """

    #: What it stands for, for messages and tests.
    name: str
    #: The facts lists it reads (``Facts``'s list fields), through any index of them.
    lists: frozenset[str]
    #: Of those lists' facts, the ones whose change can change what it finds.
    selects: Callable[[object], bool]
    #: It reads the contents of heap objects (``program.interpreter.heap``).
    heap: bool = False
    #: The indexes several rules share (``Program.shared``) made of nothing else: where what
    #: it reads is unchanged, the new analysis takes the last one's (a rule that is asked
    #: again, or a hover, reads them without making them again).
    shared: tuple[str, ...] = ()

    def unchanged(self, program: Program) -> bool:
        """Whether what it reads of ``program`` is what it read of the analysis ``program`` was
        remade from: of each run the re-analysis replaced, the facts it selects are alike
        (``same_fact``) to those of the run that replaced it, one for one."""
        replaced = program.replaced
        if replaced is None or (self.heap and program.heap_changed):
            return False
        return all(self._alike(old, new) for old, new in replaced)

    def _alike(self, old: Summary, new: Summary) -> bool:
        """Whether the facts it selects of run ``old`` are alike to those of ``new``, one for
        one; kept a while: every importer of an edited module replaces the same run of it
        with the same summary (the one the module's own analysis recorded)."""
        answers = _ALIKE.get(old, new)
        if answers is None:
            answers = _ALIKE.put(old, new, {})
        answer = answers.get(id(self))
        if answer is not None:
            return answer
        selects, answer = self.selects, True
        for name in self.lists:
            before = [fact for fact in old.added(name) if selects(fact)]
            now = [fact for fact in new.added(name) if selects(fact)]
            if len(before) != len(now) or not all(map(same_fact, before, now)):
                answer = False
                break
        answers[id(self)] = answer
        return answer


#: The last pairs of runs ``Reads._alike`` compared, with its answers by declaration (the
#: declarations live as long as the rules).
_ALIKE: PairMemo[dict[int, bool]] = PairMemo(64)


class Rule:
    """One rule per file under ``jaxlsp.rules``, named by its code (``cond_branch_output_mismatch``
    for ``cond-branch-output-mismatch``); what a family shares lives in a private module
    (``_shapes``, ``_custom_rule_missing``)."""

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
    #: Why not ``READS`` of no facts: what ``READS`` keeps rests on a re-analysis spliced from
    #: the last one (``Program.replaced``: the runs it replaced, compared fact by fact), made
    #: only where ``rerun`` could, with the same import statements, and dropped where a
    #: finding cites a changed module.  Findings of the text alone hold on any analysis of the
    #: same text, however it was made (afresh too, after any edit elsewhere), with nothing to
    #: compare: a stronger promise the rule makes, checked by another test.
    READS_OWN_TEXT: ClassVar[bool] = False
    #: The facts the rule reads (``Reads``), beyond the module's text and its sites' places:
    #: where an importer's re-check replaced none of them, its last findings are taken.  None
    #: (the default): it is asked again at every analysis (how it differs from
    #: ``READS_OWN_TEXT``: there).
    READS: ClassVar[Reads | None] = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A family's declaration (``READS``, on the family's class) holds for the members
        that keep its ``check``; one that reads more declares its own, else it is asked every
        time."""
        super().__init_subclass__(**kwargs)
        if "check" in vars(cls) and "READS" not in vars(cls):
            cls.READS = None

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
