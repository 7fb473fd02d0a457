"""What the engine tells its front ends (the CLI, the language server): findings, fixes, hovers.

Positions are 0-based lines and 0-based columns counted in Unicode code points of the line.
Only the LSP layer converts them to UTF-16 (``jaxlsp.lsp.positions``); the engine never does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "info", "hint"]


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


@dataclass(frozen=True)
class HoverInfo:
    """What a hover shows on a JAX call: the qualified name, a note, and the known errors."""

    span: Span
    markdown: str
    qualified_name: str | None = None
    record_ids: tuple[str, ...] = field(default=())
