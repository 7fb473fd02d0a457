"""The analysis engine: source text in, findings, hovers and fixes out. Knows nothing of LSP.

One ``Engine`` serves every front end (``jaxlsp check``, the language server, tests), so the
terminal, CI and the editor agree.  It never imports or runs the user's code and never raises
on bad source: a file that does not parse gives an ``Analysis`` with ``parse_error`` set that
keeps the last good program for hovers.

``analyze`` parses the text statement by statement (``jaxlsp.syntax.source``: unchanged
statements keep their trees), then runs it on the abstract interpreter
(``jaxlsp.infer``), which follows values through helpers, classes and the workspace's other
modules, and asks every rule about the facts it recorded.  libcst runs only in ``fixes``, on
the statements a fix rewrites.  The cyclic garbage collector is paused while ``analyze`` runs
(see ``jaxlsp.gcpause``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from jaxlsp import apis
from jaxlsp.config import Config
from jaxlsp.findings import Finding, Fix, HoverInfo, Position, TextEdit
from jaxlsp.gcpause import gc_paused
from jaxlsp.hover import FindingsByLine, hover_at
from jaxlsp.infer.dependents import changed_modules, imports_kept, same_facts
from jaxlsp.infer.interpreter import Cancellation
from jaxlsp.infer.program import Program, analyze, file_name, reanalyze
from jaxlsp.infer.workspace import Workspace
from jaxlsp.records.load import RecordSet, load_records
from jaxlsp.records.match import Match, Matcher
from jaxlsp.rules import all_rules, own_text_rules, reading_rules, rule_named, run_rules
from jaxlsp.rules.base import RuleFailure
from jaxlsp.shapehints import ShapeHint, shape_hints, shape_index
from jaxlsp.syntax.source import EMPTY, ParsedModule
from jaxlsp.syntax.suppress import is_suppressed


@dataclass(frozen=True)
class Analysis:
    """What the engine knows about one version of one file.

    ``findings`` are in this file and already honour ``# jaxlsp: ignore[code]`` comments but
    not a Config (see ``Engine.findings``); ``elsewhere`` are findings this file's code causes
    in other workspace modules (a helper it calls with a tracer), each with its ``path``.
    When ``parse_error`` is set, ``program`` is the last good one (so hovers keep working
    mid-edit) and ``findings`` are empty.
    """

    source: str
    path: str | None
    parse_error: str | None
    findings: tuple[Finding, ...] = ()
    elsewhere: tuple[Finding, ...] = ()
    #: Findings in this file that hold only on a chip the code does not say its kernel is for
    #: (``Finding.assumes_target``): ``Engine.findings`` adds those the Config's
    #: ``pallasTarget`` covers.
    assumed: tuple[Finding, ...] = ()
    #: The interpreted module (facts for hovers and fixes); engine-private.
    program: Program | None = field(default=None, repr=False, compare=False)
    #: The parsed text (its unchanged statements are reused by the next version).
    parsed: ParsedModule = field(default=EMPTY, repr=False, compare=False)
    #: Where the parse error is (0-based line and column), when Python says.
    error_position: tuple[int, int] | None = None
    #: The parse error is syntax newer than the Python jaxlsp runs on (the file may be fine).
    newer_syntax: bool = False
    #: When ``parse_error`` is set: the last good version's findings, for hovers (which
    #: read the last good program too); never published.
    last_good_findings: tuple[Finding, ...] = ()
    #: The workspace modules the analysis ran (resolved paths): what it depends on.
    dependencies: frozenset[str] = frozenset()
    #: How many top-level statements were parsed afresh (the rest kept their trees).
    statements_parsed: int = 0
    statements_total: int = 0
    #: Rules that raised on this version (their findings are missing; the others' are here).
    rule_failures: tuple[RuleFailure, ...] = ()
    #: How its messages named lines (see ``Engine.analyze``).
    line_names: Callable[[int], str] | None = field(default=None, repr=False, compare=False)
    #: What the rules that read only the file's own text found in it, by rule (those that
    #: found nothing left out; None where one of them failed): the next analysis of the same
    #: text takes them instead of asking those rules again (``run_rules``).
    own_text: Mapping[str, tuple[Finding, ...]] | None = field(
        default=None, repr=False, compare=False
    )
    #: What each rule that declares the facts it reads (``Rule.READS``) found, by rule (one
    #: that failed left out): an importer re-checked after an edit that replaced none of the
    #: facts a rule reads takes them instead of asking it again (``_reads_kept``).
    read_found: Mapping[str, tuple[Finding, ...]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def lines(self) -> tuple[str, ...]:
        return self.parsed.lines


@dataclass(frozen=True)
class FixAll:
    """What fix-all does to one file: the edits, and the unsafe fixes it left out."""

    edits: list[TextEdit]
    held_back: tuple[Fix, ...] = ()


class Engine:
    """Analyses JAX source against the error records; thread-safe."""

    def __init__(
        self, records: RecordSet | None = None, workspace: Workspace | None = None
    ) -> None:
        self.records = records if records is not None else load_records()
        self.workspace = workspace if workspace is not None else Workspace()
        self._matcher: Matcher | None = None
        self._lock = threading.Lock()
        #: The last findings a hover read, indexed (hovers come in runs on one version).
        self._hovered: FindingsByLine = FindingsByLine(())
        all_rules()  # import the rule modules now, not in the first analysis

    def analyze(
        self,
        source: str,
        path: str | None = None,
        previous: Analysis | None = None,
        *,
        cancel: Cancellation | None = None,
        line_names: Callable[[int], str] | None = None,
    ) -> Analysis:
        """Analyse ``source``; reuse the trees of ``previous`` (the last analysis of the same
        document) wherever its statements are unchanged.  Raises ``AnalysisCancelled`` (between
        statements) once ``cancel`` is cancelled.  ``line_names`` says how messages name a
        1-based line of ``source`` (default "line 12"): a front end that shows the text in
        pieces (a notebook's cells) names the piece."""
        with gc_paused():
            return self._analyze(source, path, previous, cancel, line_names)

    def _analyze(
        self,
        source: str,
        path: str | None,
        previous: Analysis | None,
        cancel: Cancellation | None,
        line_names: Callable[[int], str] | None = None,
    ) -> Analysis:
        if cancel is not None:
            cancel.check()
        if (
            previous is not None
            and previous.source == source
            and previous.line_names == line_names
            and self._still_current(previous)
        ):
            return previous
        prior = previous.parsed if previous is not None and previous.parse_error is None else None
        module = self.workspace.source_for(Path(path) if path else None, source, prior)
        parsed = module.parsed
        if parsed.error is not None:
            return Analysis(
                source=source,
                path=path,
                parse_error=parsed.error,
                program=previous.program if previous is not None else None,
                parsed=previous.parsed if previous is not None else EMPTY,
                error_position=parsed.error_position,
                newer_syntax=parsed.newer_syntax,
                last_good_findings=(
                    ()
                    if previous is None
                    else previous.last_good_findings
                    if previous.parse_error is not None
                    else previous.findings
                ),
                statements_total=previous.statements_total if previous is not None else 0,
            )
        program = None
        remade = False
        if previous is not None and previous.program is not None and previous.parse_error is None:
            # keep the runs that read nothing the edit (or a change in a module it imports)
            # changed; None when that cannot be done exactly
            program = reanalyze(previous.program, module, self.workspace, cancel, line_names)
            remade = program is not None
        if program is None:
            program = analyze(module, self.workspace, apis, cancel, line_names)
        dependencies = frozenset(m.key for m in program.modules() if m is not program.module)
        self.workspace.ran(module, dependencies)
        if (
            remade
            and previous is not None
            and _findings_hold(previous, program, source, line_names)
        ):
            # an importer whose runs read nothing the edit of a module it imports changed
            program.replaced = None  # (it holds the runs replaced, and their statements)
            return replace(
                previous,
                program=program,
                parsed=parsed,
                dependencies=dependencies,
                statements_parsed=parsed.parsed,
                statements_total=len(parsed.chunks),
            )
        # an importer re-checked after an edit to a module it imports: what the rules that
        # read none of the facts its re-analysis replaced found is found again
        kept = _reads_kept(previous, program, source, path, line_names) if remade else None
        program.replaced = None  # (it holds the runs replaced, and their statements' trees)
        failures: list[RuleFailure] = []
        here: dict[tuple[object, ...], Finding] = {}
        elsewhere: dict[tuple[object, ...], Finding] = {}
        assumed: dict[tuple[object, ...], Finding] = {}
        # an importer re-checked after an edit to a module it imports: what the rules that
        # read only its own (unchanged) text found is found again
        own_text = _own_text_kept(previous, source, path, line_names)
        found_now: dict[str, tuple[Finding, ...]] = {}
        read_found: dict[str, tuple[Finding, ...]] = {}
        for finding in run_rules(
            program, self.records, failures, own_text, found_now, kept, read_found
        ):
            key = (finding.code, finding.span, finding.path)
            if finding.assumes_target is not None:
                # a kernel the code does not say is for that chip: this file's only
                if finding.path is None and not is_suppressed(parsed.lines, finding):
                    assumed.setdefault(key, finding)
            elif finding.path is None:
                if not is_suppressed(parsed.lines, finding):
                    here.setdefault(key, finding)
            else:
                elsewhere.setdefault(key, _related_named(finding, module.path))
        found = sorted(here.values(), key=lambda f: (f.span, f.code))
        other = sorted(elsewhere.values(), key=lambda f: (f.path or "", f.span, f.code))
        return Analysis(
            source=source,
            path=path,
            parse_error=None,
            findings=tuple(found),
            elsewhere=tuple(_unsuppressed(program, other)),
            assumed=tuple(sorted(assumed.values(), key=lambda f: (f.span, f.code))),
            program=program,
            parsed=parsed,
            dependencies=dependencies,
            statements_parsed=parsed.parsed,
            statements_total=len(parsed.chunks),
            rule_failures=tuple(failures),
            line_names=line_names,
            own_text=own_text if own_text is not None else _own_text_found(found_now),
            read_found=read_found,
        )

    def _still_current(self, previous: Analysis) -> bool:
        """Whether ``previous`` (of the same text) still holds: every workspace module it ran
        is the version it ran.  When one changed, even in what this file did not read, its
        findings are asked again (the changed module's own code is among the facts the rules
        read); ``reanalyze`` keeps the runs that did not read the change."""
        program = previous.program
        if previous.parse_error is not None or program is None:
            return False
        return all(
            module is program.module or self.workspace.current(module.source) is module.source
            for module in program.interpreter.modules.values()
        )

    def findings(self, analysis: Analysis, config: Config | None = None) -> list[Finding]:
        """The analysis's findings, filtered and re-levelled by ``config`` (default: all those
        the code proves; with a config, also the assumed ones its ``pallasTarget`` covers)."""
        found = list(analysis.findings)
        return config.apply([*found, *analysis.assumed]) if config is not None else found

    def hover(self, analysis: Analysis, position: Position) -> HoverInfo | None:
        """Markdown for a JAX call or a finding at ``position``; None when there is nothing."""
        # The first hover of an analysis builds its name and shape indices (unless
        # ``prepare_hovers`` did): tens of thousands of small objects in a large file, and each
        # cyclic collection they set off would walk the whole analysis (seconds on 20,000
        # lines), as in ``analyze``.
        indexed = self._findings_by_line(analysis)
        with gc_paused():
            return hover_at(analysis.program, indexed, self.records, position)

    def prepare_hovers(self, analysis: Analysis) -> None:
        """Build what the first hover on ``analysis`` would build (its findings by line, the
        program's name and shape indices), so that a server can do it off the requests' path:
        on 20,000 lines it took the first hover about 0.1 s."""
        with gc_paused():
            self._findings_by_line(analysis)
            if (program := analysis.program) is not None:
                program.named_spans()
                shape_index(program)

    def _findings_by_line(self, analysis: Analysis) -> FindingsByLine:
        """The findings a hover on ``analysis`` reads, indexed once per analysis (hovers come
        in runs on one version)."""
        findings = analysis.findings
        if analysis.parse_error is not None:
            findings = analysis.last_good_findings  # of the program the hover reads
        indexed = self._hovered
        if indexed.findings is not findings:
            indexed = self._hovered = FindingsByLine(findings)
        return indexed

    def inlay_hints(self, analysis: Analysis) -> list[ShapeHint]:
        """The arrays' shapes to show in the file: after assignments, on function returns."""
        if analysis.program is None:
            return []
        with gc_paused():  # builds the hints on first use (see ``hover``)
            return list(shape_hints(analysis.program))

    def fixes(self, source: str, analysis: Analysis, finding: Finding) -> list[Fix]:
        """The record's quick fixes for ``finding`` as minimal edits, then "ignore on this line".

        ``source`` must be the text ``analysis`` was made from (fixes are computed lazily, on
        request, against that version).
        """
        from jaxlsp.fixes import ignore_on_line

        if analysis.program is None or analysis.parse_error is not None:
            return []
        found: list[Fix] = []
        rule = rule_named(finding.rule)
        if rule is not None and finding.path is None:
            found.extend(rule.fixes(source, analysis.program, finding))
        suppress = ignore_on_line(analysis.lines, finding)
        if suppress is not None:
            found.append(suppress)
        return found

    def fix_all(
        self,
        source: str,
        analysis: Analysis,
        config: Config | None = None,
        *,
        unsafe: bool = False,
        accept: Callable[[Fix], bool] | None = None,
    ) -> FixAll:
        """Every preferred fix that does not overlap an earlier one (``source.fixAll``): the
        safe ones only, unless ``unsafe``; ``accept`` leaves out the fixes a front end cannot
        apply (a notebook's, across cells)."""
        from jaxlsp.fixes import merge_non_overlapping

        chosen: list[Fix] = []
        held_back: list[Fix] = []
        for finding in self.findings(analysis, config):
            preferred = [
                fix
                for fix in self.fixes(source, analysis, finding)
                if fix.kind == "quickfix" and (accept is None or accept(fix))
            ]
            if preferred:
                fix = next((f for f in preferred if f.preferred), preferred[0])
                (chosen if fix.safe or unsafe else held_back).append(fix)
        return FixAll(merge_non_overlapping(chosen), tuple(held_back))

    def explain(self, text: str, limit: int = 5) -> list[Match]:
        """The records that explain an error message or traceback, best first."""
        with self._lock:
            if self._matcher is None:
                self._matcher = Matcher(self.records.records)
            matcher = self._matcher
        return matcher.match(text, limit=limit)


def _findings_hold(
    previous: Analysis,
    program: Program,
    source: str,
    line_names: Callable[[int], str] | None,
) -> bool:
    """Whether ``program`` (an importer's analysis remade after an edit to a module it
    imports, its own text unchanged) gives the findings ``previous`` has: the facts are the
    same (``same_facts``) and no finding cites the changed module, whose lines may have moved
    (its place, a related place, or a message naming its file)."""
    before = previous.program
    if (
        before is None
        or previous.parse_error is not None
        or previous.source != source
        or previous.line_names != line_names
        or not same_facts(before.interpreter, program.interpreter, program.module.key)
    ):
        return False
    changed = changed_modules(before.interpreter, program.interpreter, program.module.key)
    names = {file_name(key) for key in changed}
    return not any(
        _cites(finding, changed, names) for finding in (*previous.findings, *previous.elsewhere)
    )


def _reads_kept(
    previous: Analysis | None,
    program: Program,
    source: str,
    path: str | None,
    line_names: Callable[[int], str] | None,
) -> dict[str, tuple[Finding, ...]] | None:
    """What the rules that declare the facts they read (``Rule.READS``) found in ``previous``,
    for those that read none of the facts ``program`` (remade from it by ``reanalyze``, the
    same text) replaced: by rule, those whose findings cite no module that changed (its lines
    may have moved).  None where no rule's can be taken: another text, another version of an
    import statement in a changed module (the Pallas rules read which a module has), or
    facts not spliced from the last analysis's."""
    if (
        previous is None
        or previous.read_found is None
        or previous.program is None
        or previous.parse_error is not None
        or program.replaced is None
        or previous.source != source
        or previous.path != path
        or previous.line_names != line_names
    ):
        return None
    before, after = previous.program.interpreter, program.interpreter
    changed = changed_modules(before, after, program.module.key)
    if not imports_kept(before, after, changed):
        return None
    names = {file_name(key) for key in changed}
    unchanged: dict[int, bool] = {}  # by declaration: several rules share one
    kept: dict[str, tuple[Finding, ...]] = {}
    for rule in reading_rules():
        found, reads = previous.read_found.get(rule.NAME), rule.READS
        if found is None or reads is None:
            continue
        holds = unchanged.get(id(reads))
        if holds is None:
            holds = unchanged[id(reads)] = reads.unchanged(program)
            if holds:
                program.take_shared(previous.program, reads.shared)
        if holds and not any(_cites(finding, changed, names) for finding in found):
            kept[rule.NAME] = found
    return kept


def _cites(finding: Finding, changed: set[str], names: set[str]) -> bool:
    """Whether ``finding`` is placed in, relates to, or names the file of a ``changed``
    module (``names``: their file names)."""
    return (
        finding.path in changed
        or any(item.path in changed for item in finding.related)
        or any(name in finding.message for name in names)
    )


#: The findings of the rules that read only a file's own text, where none found anything.
_NO_OWN_TEXT_FINDINGS: Mapping[str, tuple[Finding, ...]] = MappingProxyType({})


def _own_text_kept(
    previous: Analysis | None,
    source: str,
    path: str | None,
    line_names: Callable[[int], str] | None,
) -> Mapping[str, tuple[Finding, ...]] | None:
    """What the rules that read only the file's own text found in ``previous``, when that is
    the same text of the same file, its lines named alike (None: they are asked)."""
    if (
        previous is None
        or previous.parse_error is not None
        or previous.source != source
        or previous.path != path
        or previous.line_names != line_names
    ):
        return None
    return previous.own_text


def _own_text_found(
    found: dict[str, tuple[Finding, ...]],
) -> Mapping[str, tuple[Finding, ...]] | None:
    """What the rules that read only the file's own text found, as an analysis keeps it:
    None where one of them did not finish (it failed: asked again next time)."""
    if len(found) != len(own_text_rules()):
        return None
    kept = {name: findings for name, findings in found.items() if findings}
    return kept if kept else _NO_OWN_TEXT_FINDINGS


def _related_named(finding: Finding, analysed: Path | None) -> Finding:
    """A finding placed in another module with each related location in the analysed one
    naming its file: ``path=None`` says "the finding's own module" once the finding is
    reported in its own file."""
    if analysed is None or all(item.path is not None for item in finding.related):
        return finding
    related = tuple(
        item if item.path is not None else replace(item, path=str(analysed))
        for item in finding.related
    )
    return replace(finding, related=related)


def _unsuppressed(program: Program, findings: list[Finding]) -> list[Finding]:
    """Findings in other modules, less those their own file's ignore comments hide."""
    lines = {m.key: m.parsed.lines for m in program.modules()}
    return [f for f in findings if not is_suppressed(lines.get(f.path or "", ()), f)]


__all__ = ["Analysis", "Cancellation", "Engine", "FixAll"]
