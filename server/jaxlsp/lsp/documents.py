"""Open documents: their text, version, and the analysis of exactly that version.

Only the event loop mutates the store; worker threads get immutable snapshots (text and
version) and hand back results that the loop accepts only if the version still matches, so a
slow analysis of an old version can never overwrite a newer one.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from jaxlsp.cancel import CancelToken
from jaxlsp.infer.workspace import resolved_or_absolute
from jaxlsp.lsp.uris import uri_to_path
from jaxlsp.syntax.source import split_lines

if TYPE_CHECKING:
    from lsprotocol import types

    from jaxlsp.engine import Analysis
    from jaxlsp.findings import Finding, Fix


@dataclass(frozen=True)
class Checked:
    """One analysis of one version of a document, and the findings it produced."""

    version: int
    analysis: Analysis
    findings: tuple[Finding, ...]
    #: The server's config generation it was made with (bumped when settings change).
    generation: int = 0
    #: What was wrong with the config this used (logged once by the server).
    problems: tuple[str, ...] = ()
    #: An exception the engine raised on this version (with its traceback), if any.
    internal_error: str | None = None
    #: Why this version was not analysed (over ``maxFileBytes`` or ``maxLineLength``), if so.
    skipped: str | None = None
    #: The document's ``imports`` count it was made with (bumped when a module it imports
    #: changed).
    imports: int = 0


#: How many analyses of one document in a row a newer version may stop before one is left to
#: finish: while someone types faster than the file is analysed, diagnostics still come.
MOST_OVERTAKEN = 3


@dataclass
class Document:
    uri: str
    text: str
    version: int
    language_id: str = "python"
    #: The result for ``version``, or None while it is being computed.
    checked: Checked | None = None
    #: The newest result for any version: the ``previous`` the engine reuses statements from.
    latest: Checked | None = None
    #: The in-flight analysis of ``version`` (shared by the debounce, hovers and pulls).
    pending: asyncio.Future[Checked] | None = None
    #: (version, config generation, imports count) of ``pending``.
    pending_stamp: tuple[int, int, int] | None = None
    #: Stops ``pending`` (when the document closes, or a newer version arrives).
    pending_cancel: CancelToken | None = None
    #: Analyses stopped by a newer version since one last finished (see ``MOST_OVERTAKEN``).
    overtaken: int = 0
    #: The debounced push of diagnostics waiting to run.
    push: asyncio.Future[None] | None = None
    #: The diagnostics last published (kept while the file does not parse).
    last_diagnostics: list[types.Diagnostic] = field(default_factory=list)
    #: What was last pushed, to skip identical re-publications (version, diagnostics).
    published: tuple[int, list[types.Diagnostic]] | None = None
    #: Bumped when a workspace module its last analysis ran has changed: the version alone
    #: no longer says the result is current.
    imports: int = 0
    #: The modules the last published result's findings elsewhere were in.
    elsewhere_paths: frozenset[str] = frozenset()
    #: Fixes computed for a code action, by (version, finding key): resolve reuses them.
    fixes: dict[tuple[int, str], list[Fix]] = field(default_factory=dict)
    #: How the engine's messages name this text's lines (a notebook's: by cell); None: "line N".
    line_names: Callable[[int], str] | None = None
    _lines: Sequence[str] | None = field(default=None, repr=False)

    @property
    def lines(self) -> Sequence[str]:
        if self._lines is None:
            self._lines = self._analysed_lines() or split_lines(self.text)
        return self._lines

    def _analysed_lines(self) -> Sequence[str] | None:
        """The lines the analysis of the current text split them into (the same split), so the
        text is not held twice more."""
        for checked in (self.checked, self.latest):
            if checked is None:
                continue
            analysis = checked.analysis
            if analysis.parse_error is None and analysis.source is self.text and analysis.lines:
                return analysis.lines
        return None

    def lines_of(self, text: str) -> Sequence[str]:
        """The lines of ``text``, an analysed version of this document: the document's own
        (split once per version) when it is the current text, as it usually is."""
        return self.lines if text is self.text else split_lines(text)

    @property
    def path(self) -> Path | None:
        return uri_to_path(self.uri)

    @functools.cached_property
    def module_key(self) -> str | None:
        """The key its module has in analyses (its resolved path): resolved once, not on
        every publish (the URI never changes)."""
        path = self.path
        return None if path is None else str(resolved_or_absolute(path))

    def update(self, text: str, version: int) -> None:
        """A newer version: the analysis in flight stops (unless ``MOST_OVERTAKEN`` in a row
        already did), and what was computed for the older one is dropped."""
        self.text = text
        self.version = version
        self._lines = None
        self.fixes = {}
        if self.checked is not None and self.checked.version != version:
            self.checked = None
        if self.analysing() and self.overtaken < MOST_OVERTAKEN:
            assert self.pending_cancel is not None
            self.pending_cancel.cancel()
            self.overtaken += 1

    def analysing(self) -> bool:
        """Is an analysis of this document queued or running?"""
        pending = self.pending
        return pending is not None and not pending.done() and self.pending_cancel is not None

    def stop(self) -> None:
        """Stop what runs for this document: its push, and its analysis (closed, replaced)."""
        if self.push is not None:
            self.push.cancel()
        if self.pending_cancel is not None:
            self.pending_cancel.cancel()
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()

    def accept(self, result: Checked, generation: int) -> bool:
        """Keep ``result`` if it is for the current version and config; say whether it was."""
        if self.latest is None or result.version >= self.latest.version:
            self.latest = result
        if (result.version, result.generation, result.imports) != (
            self.version,
            generation,
            self.imports,
        ):
            return False
        self.checked = result
        return True

    def is_checked(self, generation: int) -> bool:
        checked = self.checked
        return checked is not None and (checked.version, checked.generation, checked.imports) == (
            self.version,
            generation,
            self.imports,
        )


class DocumentStore:
    def __init__(self) -> None:
        self._documents: dict[str, Document] = {}
        #: Open documents that are not Python: their changes are ignored without a warning.
        self.ignored: set[str] = set()

    def open(self, uri: str, text: str, version: int, language_id: str) -> Document:
        """A new document at ``uri``; one open there already (never closed) is stopped."""
        if (earlier := self._documents.get(uri)) is not None:
            earlier.stop()
        document = Document(uri, text, version, language_id)
        self._documents[uri] = document
        return document

    def get(self, uri: str) -> Document | None:
        return self._documents.get(uri)

    def close(self, uri: str) -> Document | None:
        document = self._documents.pop(uri, None)
        if document is not None:
            document.stop()
        return document

    def is_current(self, document: Document) -> bool:
        """Is this still the open document (not closed, not reopened as a new object)?"""
        return self._documents.get(document.uri) is document

    def __iter__(self) -> Iterator[Document]:
        return iter(list(self._documents.values()))

    def __len__(self) -> int:
        return len(self._documents)
