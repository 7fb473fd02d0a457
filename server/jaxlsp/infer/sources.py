"""A user's module as the workspace read it: its text's parse, where it came from, and its
lazy-import index.

Why its own module: the workspace (``workspace``) holds these and the summaries of runs
(``summaries``), which name the modules a run imported first; both import it from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from jaxlsp.infer.lazy_imports import LazyIndex, lazy_index
from jaxlsp.syntax.source import ParsedModule


@dataclass(eq=False)
class SourceModule:
    """A module's text as the workspace last read it, and its parse."""

    key: str
    name: str
    path: Path | None
    parsed: ParsedModule
    is_package: bool = False
    #: What the disk said when it was read (None: an open document's text).
    stamp: tuple[int, int] | None = None
    #: An open document's text this is the parse of (the workspace holds it anyway), so that
    #: whether a document changed is one comparison, most often of the very same string.
    text: str | None = None

    def is_version(self, text: str) -> bool:
        """Whether this is the parse of the open document's ``text``."""
        return self.text == text  # (only an open document's parse has a text)

    @cached_property
    def lazy_index(self) -> LazyIndex | None:
        """Its names by submodule, when it is a lazy-import package (``lazy_imports``)."""
        return lazy_index(self.parsed)
