"""What the engine tells its front ends (the CLI, the language server): findings, fixes, hovers.

Positions are 0-based lines and 0-based columns counted in Unicode code points of the line.
Only the LSP layer converts them to UTF-16 (``jaxlsp.lsp.positions``); the engine never does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Generic, Literal, TypeVar

Severity = Literal["error", "warning", "info", "hint"]
#: The chip a finding's error happens on when the code does not say which chip its kernel is
#: for: reported only where the project's ``pallasTarget`` says its kernels target that chip.
AssumedTarget = Literal["tpu", "gpu"]
T = TypeVar("T")
P = TypeVar("P")


@dataclass(frozen=True, order=True, slots=True)
class Position:
    line: int
    column: int


@dataclass(frozen=True, order=True, slots=True)
class Span:
    start: Position
    end: Position

    @classmethod
    def of(cls, start_line: int, start_column: int, end_line: int, end_column: int) -> Span:
        return cls(Position(start_line, start_column), Position(end_line, end_column))

    def contains(self, position: Position) -> bool:
        return self.start <= position <= self.end


class SpanIndex(Generic[T]):
    """Spans with a value each, for asking which span under a position is the innermost: the
    spans are kept by their first line, and a span can only contain a position if it starts
    no more lines before it than the tallest span is tall (a hover asks this of every name of
    a module, so a scan of them all would cost a hover time in proportion to the file)."""

    def __init__(self, items: Iterable[tuple[Span, T]]) -> None:
        self._items = list(items)
        self._by_line: dict[int, list[tuple[Span, T]]] = defaultdict(list)
        self._tallest = 0
        for span, value in self._items:
            self._by_line[span.start.line].append((span, value))
            self._tallest = max(self._tallest, span.end.line - span.start.line)

    def __iter__(self) -> Iterator[tuple[Span, T]]:
        """Every span and its value, in the order given."""
        return iter(self._items)

    def near(self, first: int, last: int) -> list[tuple[Span, T]]:
        """The spans (and values) that may reach a line from ``first`` to ``last``: those that
        start on one of them, or no more lines before ``first`` than the tallest span is tall;
        by first line, then in the order given."""
        return [
            item
            for line in range(max(first - self._tallest, 0), last + 1)
            for item in self._by_line.get(line, ())
        ]

    def innermost(self, position: Position) -> tuple[Span, T] | None:
        """The span that contains ``position`` and starts last (the innermost one)."""
        best: tuple[Span, T] | None = None
        for span, value in self.near(position.line, position.line):
            if span.contains(position) and (best is None or best[0].start <= span.start):
                best = (span, value)
        return best


class PlaceIndex(Generic[P, T]):
    """A ``SpanIndex`` of places whose spans are made only when asked: for many places (every
    name of a module a hover may ask about) the places are kept by their first and last line
    (``lines_of``, cheap), and a span (``span_of``) is made only for the few a position may be
    in, instead of a span and its two positions held for each of them."""

    def __init__(
        self,
        items: Iterable[tuple[P, T]],
        lines_of: Callable[[P], tuple[int, int]],
        span_of: Callable[[P], Span],
    ) -> None:
        self._span_of = span_of
        self._by_line: dict[int, list[tuple[P, T]]] = {}
        self._tallest = 0
        for item in items:
            first, last = lines_of(item[0])
            self._by_line.setdefault(first, []).append(item)
            self._tallest = max(self._tallest, last - first)

    def __iter__(self) -> Iterator[tuple[Span, T]]:
        """Every place's span and its value, by span (places of one span in the order given)."""
        spans = [
            (self._span_of(place), value)
            for items in self._by_line.values()
            for place, value in items
        ]
        return iter(sorted(spans, key=_span_of_item))

    def innermost(self, position: Position) -> tuple[Span, T] | None:
        """The span that contains ``position`` and starts last (the innermost one; of equal
        spans, the last given), as ``SpanIndex.innermost`` finds it."""
        candidates = [
            (self._span_of(place), value)
            for line in range(max(position.line - self._tallest, 0), position.line + 1)
            for place, value in self._by_line.get(line, ())
        ]
        return SpanIndex(sorted(candidates, key=_span_of_item)).innermost(position)


def _span_of_item(item: tuple[Span, object]) -> Span:
    return item[0]


@dataclass(frozen=True)
class TextEdit:
    """Replace the text in ``span`` with ``new_text`` (an insertion when the span is empty)."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    """A code change that resolves (or silences) a finding; ``edits`` never overlap."""

    title: str
    edits: tuple[TextEdit, ...]
    #: "quickfix" for a real fix, "suppress" for the ignore-comment action.
    kind: Literal["quickfix", "suppress"] = "quickfix"
    #: Preferred fixes are applied by fix-all and shown first.
    preferred: bool = False
    #: A safe fix keeps what the code means (only the error goes); an unsafe one changes
    #: behaviour the user may rely on (a rule's signature, a gradient) and wants a review, so
    #: fix-all applies it only when asked (``--unsafe-fixes``, the ``unsafeFixes`` setting).
    safe: bool = True


@dataclass(frozen=True)
class RelatedLocation:
    """Another place that explains a finding (the ``defvjp`` call, the ``shard_map`` call)."""

    span: Span
    message: str
    #: The module it is in, when that is not the finding's own (see ``Finding.path``).
    path: str | None = None


@dataclass(frozen=True)
class Finding:
    """A known JAX error this code will raise, where, and why."""

    #: The record's slug: stable, shown as the diagnostic code, used in ignore comments.
    code: str
    record_id: str
    #: The rule that found it (one rule per file under ``jaxlsp.rules``).
    rule: str
    message: str
    span: Span
    severity: Severity = "error"
    related: tuple[RelatedLocation, ...] = ()
    #: Titles of the fixes the engine can compute on request (computed lazily: see Engine.fixes).
    fix_titles: tuple[str, ...] = ()
    #: The module the finding is in, when it is not the analysed one (a helper in another
    #: module reached from the analysed code): its resolved path.
    path: str | None = None
    #: Set when the error happens only on this chip and the code does not say its kernel is
    #: for it: the finding is shown only where the project's ``pallasTarget`` says so
    #: (``Config.apply``); None when the code itself proves every step.
    assumes_target: AssumedTarget | None = None

    def placed_in(self, path: str) -> Finding:
        """This finding (made in another module's analysis, ``path`` set) as one of the file
        at ``path``: neither it nor its related locations there name their file."""
        related = tuple(
            replace(item, path=None) if item.path == path else item for item in self.related
        )
        return replace(self, path=None, related=related)


@dataclass(frozen=True)
class HoverInfo:
    """What a hover shows on a JAX call: the qualified name, a note, and the known errors."""

    span: Span
    markdown: str
    qualified_name: str | None = None
    record_ids: tuple[str, ...] = field(default=())
