"""One analysis of one module, and what rules, hovers and fixes ask of it.

``analyze`` runs the module (its imports of workspace modules run those, too), then every
function and class nobody called; ``reanalyze`` makes the analysis of a module from its last
one (the same text, or an edit that defines nothing), running again only what read a change
(``jaxlsp.infer.rerun``).  ``Program`` holds the facts and turns sites into spans: a
site names a statement's tree, and where that statement is, is this analysis's to say (an
unchanged statement that moved keeps its tree, and facts about it found by an earlier one).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from jaxlsp.apis.contracts import Violation, WrapViolation
from jaxlsp.findings import PlaceIndex, Position, Span
from jaxlsp.infer.frames import ApiCall, Breach, Called, Facts, Frame, Made
from jaxlsp.infer.incremental import IncrementalRuns
from jaxlsp.infer.interpreter import ApiModels, Cancellation, Interpreter
from jaxlsp.infer.rerun import rerun
from jaxlsp.infer.scopes import walk_definitions
from jaxlsp.infer.summaries import Summary
from jaxlsp.infer.values import Site, Value
from jaxlsp.infer.workspace import ModuleState, SourceModule, Workspace
from jaxlsp.syntax.source import Chunk

if TYPE_CHECKING:
    from jaxlsp.shapeindex import ShapeIndex


_Index = TypeVar("_Index")


class StaleSite(LookupError):
    """A site whose statement is not in this analysis's version of its module."""


@dataclass
class Program:
    """The analysed module and everything its analysis found."""

    module: ModuleState
    interpreter: Interpreter
    #: How messages name a 1-based line of this module (default "line 12"; a notebook's
    #: front end names the cell).
    line_names: Callable[[int], str] | None = None
    _named: PlaceIndex[Site, Value] | None = field(default=None, repr=False)
    #: What the editor shows of shapes (``jaxlsp.shapehints``), made on first request.
    shapes: ShapeIndex | None = field(default=None, repr=False)
    # The indexes the rules share, each made on first request (see the methods that read them).
    _broken: list[ApiCall] | None = field(default=None, repr=False)
    _violations: dict[str, list[tuple[ApiCall, Violation]]] | None = field(default=None, repr=False)
    _refused: dict[str, list[tuple[Made, WrapViolation]]] | None = field(default=None, repr=False)
    _made_by: dict[str, list[Made]] = field(default_factory=dict, repr=False)
    _calls_of: dict[type[Value], list[Called]] = field(default_factory=dict, repr=False)
    _broken_called: dict[str, list[tuple[Called, Violation]]] | None = field(
        default=None, repr=False
    )
    #: The indexes several rules read, by name (``shared``).
    _shared: dict[str, object] = field(default_factory=dict, repr=False)
    #: Made by ``reanalyze`` from the last analysis with every fact but those of the runs it
    #: replaced the same object at the same place: those runs, each with what replaced it
    #: (None: made otherwise).  A rule that declares what it reads (``Rule.READS``) keeps its
    #: findings when the facts it selects of each are alike.  The engine drops them once it
    #: has asked (they keep the replaced runs' statements alive).
    replaced: Sequence[tuple[Summary, Summary]] | None = field(default=None, repr=False)
    #: Whether a heap object the replaced runs made is gone, new or holds something else
    #: (made otherwise: True).
    heap_changed: bool = field(default=True, repr=False)

    @property
    def facts(self) -> Facts:
        return self.interpreter.facts

    def modules(self) -> list[ModuleState]:
        """Every workspace module this analysis ran (the analysed one first)."""
        others = [m for m in self.interpreter.modules.values() if m is not self.module]
        return [self.module, *others]

    def module_of(self, site: Site) -> ModuleState:
        module = self.interpreter.modules.get(site.module)
        if module is None:
            raise StaleSite(site.module)
        return module

    def path_of(self, site: Site) -> Path | None:
        return self.module_of(site).path

    def is_here(self, site: Site) -> bool:
        return site.module == self.module.key

    def chunk_of(self, site: Site) -> Chunk:
        chunk = self.module_of(site).chunk_of(site.tree)
        if chunk is None:
            raise StaleSite(f"{site.module}: a statement no longer in the module")
        return chunk

    def span(self, site: Site, node: ast.AST | None = None) -> Span:
        """The span of ``node`` (default: the site's node) in its module, in code points."""
        return span_in(self.chunk_of(site), node if node is not None else site.node)

    def is_unproved(self, module: str | None, span: Span) -> bool:
        """Whether ``span`` (in ``module``, by key; None: the analysed one) is within an
        operation that raised where the error rests on an assumption (``Assumption``: a
        handler may catch it, the call went to one of several functions, an operand is what
        an annotation says): no error finding there (``Facts.unproved``)."""
        key = self.module.key if module is None else module
        innermost = self._innermost_covering((site for site, _ in self.facts.unproved), key, span)
        if innermost is None:
            return False
        # the same operation (or one within it) surely raised on a path that assumed nothing
        proved = self._innermost_covering(self.facts.proved, key, span)
        return not (
            proved is not None and innermost.start <= proved.start and proved.end <= innermost.end
        )

    def _innermost_covering(self, sites: Iterable[Site], module: str, span: Span) -> Span | None:
        """The smallest span of ``sites`` (of ``module``) that holds ``span``."""
        found: Span | None = None
        for site in sites:
            if site.module != module:
                continue
            try:
                held = self.span(site)
            except StaleSite:
                continue
            holds = held.start <= span.start and span.end <= held.end
            if holds and (found is None or (found.start <= held.start and held.end <= found.end)):
                found = held
        return found

    def line(self, site: Site) -> int:
        """The 1-based line a site starts on (for messages)."""
        return self.span(site).start.line + 1

    def line_name(self, site: Site, seen_from: str | None = None) -> str:
        """The line a site starts on, as a message in the module ``seen_from`` (a key; default
        the analysed one) says it: "line 12", or "line 12 of ops.py" in another module."""
        line = self.line(site)
        if self.line_names is not None and self.is_here(site):
            return self.line_names(line)
        if site.module != (seen_from if seen_from is not None else self.module.key):
            return f"line {line} of {file_name(site.module)}"
        return f"line {line}"

    def text(self, site: Site, node: ast.AST) -> str:
        """``node``'s text as written (``ast.unparse``'s if it spans oddly)."""
        found = ast.get_source_segment(self.chunk_of(site).text, node)
        return found if found is not None else ast.unparse(node)

    def frames(self) -> list[Frame]:
        return self.facts.frames

    def broken_calls(self) -> list[ApiCall]:
        """The calls of modelled APIs that break their API's contract (``ApiCall.violations``),
        in order: all that the contract rules look at, and few of all calls."""
        if self._broken is None:
            self._broken = [call for call in self.facts.api_calls if call.violations]
        return self._broken

    def violations(self, *kinds: str) -> Sequence[tuple[ApiCall, Violation]]:
        """Every call of a modelled API that breaks its contract in one of these ways
        (``Violation.kind``), with how, in order: a contract rule asks for its kinds."""
        if self._violations is None:
            self._violations = _by_kind(
                (
                    (call, violation)
                    for call in self.broken_calls()
                    for violation in call.violations
                ),
                Violation,
            )
        if len(kinds) == 1:
            return self._violations.get(kinds[0], [])
        return [
            (call, _narrowed(violation, Violation))
            for call in self.broken_calls()
            for violation in call.violations
            if violation.kind in kinds
        ]

    def wrap_violations(self, kind: str) -> list[tuple[Made, WrapViolation]]:
        """Every value a transform refused to make (``Made.violations``) in this way
        (``WrapViolation.kind``), with how: few of all the values made."""
        if self._refused is None:
            refused = [made for made in self.facts.made if made.violations]
            self._refused = _by_kind(
                ((made, violation) for made in refused for violation in made.violations),
                WrapViolation,
            )
        return self._refused.get(kind, [])

    def made_by(self, api: str) -> list[Made]:
        """The values this API (``Made.api``) made, in order."""
        found = self._made_by.get(api)
        if found is None:
            found = [made for made in self.facts.made if made.api == api]
            self._made_by[api] = found
        return found

    def calls_of(self, kind: type[Value]) -> list[Called]:
        """The calls of values of this kind (``Transformed``, ``CustomDerivative``,
        ``Kernel``...), in order: each rule over calls asks for the few of its kind."""
        found = self._calls_of.get(kind)
        if found is None:
            found = [called for called in self.facts.called if isinstance(called.callee, kind)]
            self._calls_of[kind] = found
        return found

    def call_violations(self, kind: str) -> list[tuple[Called, Violation]]:
        """Every call of a value a modelled API made that breaks what the API requires of its
        calls (``Called.violations``) in this way, with how, in order."""
        if self._broken_called is None:
            broken = [called for called in self.facts.called if called.violations]
            self._broken_called = _by_kind(
                ((called, violation) for called in broken for violation in called.violations),
                Violation,
            )
        return self._broken_called.get(kind, [])

    def carry(self, previous: Program, replaced: Mapping[str, Sequence[Any]]) -> None:
        """Take the indexes of facts ``previous`` made (the broken calls, the values made by
        each API, the calls of each kind of value...) that hold for this program: made again
        from previous's facts with their ``replaced`` ones (by list name: the facts of the
        runs a re-analysis replaced, as they were and as they are now; every other fact is
        the same, in the same order) taken out or put in, each is the same list, unless one
        of those facts is one it selects.  An importer re-checked after an edit to a module
        it imports replaces a run or two of a hundred, whose facts are rarely any of these."""
        calls: Sequence[ApiCall] = replaced.get("api_calls", ())
        if previous._broken is not None and not any(call.violations for call in calls):
            self._broken, self._violations = previous._broken, previous._violations
        made: Sequence[Made] = replaced.get("made", ())
        if previous._refused is not None and not any(fact.violations for fact in made):
            self._refused = previous._refused
        apis = {fact.api for fact in made}
        self._made_by = {api: found for api, found in previous._made_by.items() if api not in apis}
        called: Sequence[Called] = replaced.get("called", ())
        self._calls_of = {
            kind: found
            for kind, found in previous._calls_of.items()
            if not any(isinstance(fact.callee, kind) for fact in called)
        }
        if previous._broken_called is not None and not any(fact.violations for fact in called):
            self._broken_called = previous._broken_called

    def shared(self, name: str, build: Callable[[Program], _Index]) -> _Index:
        """The index ``name`` that ``build`` makes of this program, made once: several rules
        read the same one (every kernel launch, read whole), and each analysis makes it
        afresh."""
        if name not in self._shared:
            self._shared[name] = build(self)
        return cast(_Index, self._shared[name])

    def take_shared(self, previous: Program, names: Iterable[str]) -> None:
        """Take the indexes ``names`` (``shared``) ``previous`` made, where the caller knows
        each holds for this program (what it is made of is the same: ``Rule.READS``)."""
        for name in names:
            if name in previous._shared:
                self._shared.setdefault(name, previous._shared[name])

    def named_spans(self) -> PlaceIndex[Site, Value]:
        """The names and attributes of this module whose value hovers show, by span (made
        once, on the first hover; a name's span is made when a hover asks near it).  The
        index reads the module, not this program: it holds nothing that refers back to the
        program (a cycle would keep a replaced analysis alive until a cyclic collection)."""
        if self._named is None:
            module = self.module
            found = [
                named
                for named in self.interpreter.named().values()
                if self.is_here(named[0]) and module.chunk_of(named[0].tree) is not None
            ]
            self._named = PlaceIndex(
                found, functools.partial(_lines_in, module), functools.partial(_span_in, module)
            )
        return self._named


def _span_in(module: ModuleState, site: Site) -> Span:
    """The span of a site of ``module``'s (its statement still in it)."""
    chunk = module.chunk_of(site.tree)
    if chunk is None:
        raise StaleSite(f"{site.module}: a statement no longer in the module")
    return span_in(chunk, site.node)


def _lines_in(module: ModuleState, site: Site) -> tuple[int, int]:
    """The first and last line of a site's node in ``module`` (its span's lines)."""
    chunk = module.chunk_of(site.tree)
    if chunk is None:
        raise StaleSite(f"{site.module}: a statement no longer in the module")
    node = site.node
    first = getattr(node, "lineno", 1)
    last = getattr(node, "end_lineno", None)
    return chunk.start + first - 1, chunk.start + (first if last is None else last) - 1


_Fact = TypeVar("_Fact")
_Broken = TypeVar("_Broken", bound=Breach)


def _by_kind(
    pairs: Iterable[tuple[_Fact, Breach]], as_type: type[_Broken]
) -> dict[str, list[tuple[_Fact, _Broken]]]:
    """Facts with how they break what is required of them (a violation), by its kind, in
    order."""
    found: dict[str, list[tuple[_Fact, _Broken]]] = {}
    for fact, broken in pairs:
        found.setdefault(broken.kind, []).append((fact, _narrowed(broken, as_type)))
    return found


def _narrowed(broken: Breach, as_type: type[_Broken]) -> _Broken:
    """A fact's violation as the contracts made it (the facts name it by a protocol: the
    contracts sit above the interpreter)."""
    assert isinstance(broken, as_type)
    return broken


def span_in(chunk: Chunk, node: ast.AST) -> Span:
    """The span of ``node`` of ``chunk``'s tree, in the module, in code points."""
    start_line = getattr(node, "lineno", 1) - 1
    end_line = getattr(node, "end_lineno", None)
    end_line = start_line if end_line is None else end_line - 1
    start_column = getattr(node, "col_offset", 0)
    end_column = getattr(node, "end_col_offset", None) or 0
    if not chunk.text.isascii():  # (else UTF-8 bytes are code points)
        lines = chunk.text.split("\n")
        start_column = _code_points(lines, start_line, start_column)
        end_column = _code_points(lines, end_line, end_column)
    return Span(
        Position(chunk.start + start_line, start_column),
        Position(chunk.start + end_line, end_column),
    )


def _code_points(lines: list[str], line: int, byte_offset: int) -> int:
    """``ast`` columns are UTF-8 byte offsets; findings count code points."""
    if not 0 <= line < len(lines):
        return byte_offset
    text = lines[line]
    if text.isascii():
        return byte_offset
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def analyze(
    source: SourceModule,
    workspace: Workspace,
    models: ApiModels,
    cancel: Cancellation | None = None,
    line_names: Callable[[int], str] | None = None,
) -> Program:
    """Run ``source`` as a module (and, for any caller, what nothing in it calls), with the
    API ``models`` saying what calls of JAX, NumPy and builtins do.

    The summaries of its any-caller runs are made later, when the workspace's cache settles
    (``SummaryCache.settle``: the server's idle time once the diagnostics are out, or the
    next analysis's start)."""
    workspace.summaries.settle()
    interpreter = Interpreter(workspace, models, cancel)
    IncrementalRuns(interpreter)
    module = ModuleState(source)
    interpreter.modules[source.key] = module
    # every def and class of the module runs for any caller (or from a caller): their scopes
    # are walked whole once, now, and the module's run reads its names from those walks
    walk_definitions([chunk.tree for chunk in source.parsed.chunks])
    interpreter.run_module(module)
    workspace.summaries.defer(interpreter.settle_summaries)
    interpreter.any_caller_pass(module, defer_summaries=True)
    return Program(module, interpreter, line_names)


def reanalyze(
    previous: Program,
    source: SourceModule,
    workspace: Workspace,
    cancel: Cancellation | None = None,
    line_names: Callable[[int], str] | None = None,
) -> Program | None:
    """``source`` analysed again from ``previous``, the last analysis of the same module (the
    same statements, or an edit of them that defines and imports nothing): its runs that
    still hold are kept, the others run again.  None when that cannot be done exactly: then
    ``analyze`` it."""
    workspace.summaries.settle()
    found = rerun(previous.interpreter, previous.module, source, workspace, cancel)
    if found is None:
        return None
    program = Program(found.module, found.interpreter, line_names)
    if found.spliced is not None:
        program.carry(previous, found.spliced)
        program.replaced, program.heap_changed = found.replaced, found.heap_changed
    return program


def file_name(key: str) -> str:
    """How a message names a module's file: ``ops.py``, ``pkg/__init__.py``."""
    path = Path(key)
    return f"{path.parent.name}/{path.name}" if path.name == "__init__.py" else path.name
