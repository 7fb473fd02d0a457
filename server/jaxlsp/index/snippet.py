"""The source lines around a raise site, read from the user's installed JAX.

The index never carries JAX's source; a hover shows the lines from the user's own JAX, and only
when that JAX is the version the record's line number belongs to (lines move between releases).
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxlsp.index.jaxenv import JaxInstall
from jaxlsp.records.record import Record

#: Larger files are not read for a snippet (no JAX module is near this).
_MAX_FILE_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Snippet:
    """Lines ``start``..``end`` (1-based, inclusive) of ``path``; ``line`` is the raise."""

    path: str
    start: int
    end: int
    line: int
    text: str


def raise_snippet(record: Record, install: JaxInstall, context: int = 3) -> Snippet | None:
    """The raise line of ``record`` with ``context`` lines either side, from ``install``; None
    when the record has no site, its versions do not include the installed one, or the file
    cannot be read."""
    if not record.file_path or not record.line_number:
        return None
    if install.version not in record.jax_versions:
        return None
    parts = record.file_path.split("/")
    if parts[0] != "jax" or ".." in parts:
        return None
    path = install.package_dir.joinpath(*parts[1:])
    try:
        if path.stat().st_size > _MAX_FILE_BYTES:
            return None
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    if record.line_number > len(lines):
        return None
    start = max(record.line_number - context, 1)
    end = min(record.line_number + context, len(lines))
    text = "\n".join(lines[start - 1 : end])
    return Snippet(record.file_path, start, end, record.line_number, text)
