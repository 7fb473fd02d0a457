"""Jupyter notebook files (nbformat 4 JSON): their code cells, read, and new cell sources, written.

The file is only read as JSON, never executed.  A notebook is Python unless its kernel says
otherwise (``metadata.kernelspec.language`` or ``metadata.language_info.name``); a cell VS Code
marked as another language (``metadata.vscode.languageId``) is not code for us.  Writing
changes the ``source`` of the cells given and nothing else: outputs, metadata, key order and
the file's indentation stay as they were, and a file that would not come back byte for byte
from its own JSON (hand-formatted) is refused rather than reformatted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PYTHON_LANGUAGES = frozenset({"python", "python3", "ipython", "ipython3"})


class NotebookError(ValueError):
    """The file is not a notebook jaxlsp can read (or write back); the message says why."""


@dataclass(frozen=True)
class NotebookCell:
    """One cell: its 1-based number among all the notebook's cells, as editors order them."""

    number: int
    kind: str
    source: str
    #: The cell's id (nbformat 4.5 and later), if it has one.
    cell_id: str | None = None
    #: The cell's language, when the notebook says it is not the kernel's.
    language: str | None = None

    @property
    def is_python(self) -> bool:
        return self.kind == "code" and (self.language is None or self.language in PYTHON_LANGUAGES)


@dataclass(frozen=True)
class Notebook:
    cells: tuple[NotebookCell, ...]
    #: The kernel's language (None when the notebook does not say: taken as Python).
    language: str | None = None

    @property
    def is_python(self) -> bool:
        return self.language is None or self.language.lower() in PYTHON_LANGUAGES

    @property
    def code_cells(self) -> tuple[NotebookCell, ...]:
        """The cells the kernel runs as Python, in order (none when the kernel is not Python)."""
        if not self.is_python:
            return ()
        return tuple(cell for cell in self.cells if cell.is_python)


def read_notebook(text: str) -> Notebook:
    """The notebook in ``text``; ``NotebookError`` when it is not nbformat 4 JSON."""
    data = _load(text)
    metadata = data.get("metadata")
    language = _kernel_language(metadata if isinstance(metadata, dict) else {})
    cells = []
    for number, raw in enumerate(data["cells"], start=1):
        if not isinstance(raw, dict):
            raise NotebookError(f"cell {number} is not an object")
        kind = raw.get("cell_type")
        if not isinstance(kind, str):
            raise NotebookError(f"cell {number} has no cell_type")
        cell_metadata = raw.get("metadata")
        cell_id = raw.get("id")
        cells.append(
            NotebookCell(
                number,
                kind,
                _source_text(raw.get("source", ""), number),
                cell_id if isinstance(cell_id, str) else None,
                _cell_language(cell_metadata if isinstance(cell_metadata, dict) else {}),
            )
        )
    return Notebook(tuple(cells), language)


def with_sources(text: str, sources: Mapping[int, str]) -> str:
    """``text`` (a notebook file) with the cells numbered as keys given new sources."""
    data = _load(text)
    indent = _indent_of(text)
    trailer = text[len(text.rstrip()) :]
    if json.dumps(data, indent=indent, ensure_ascii=False) + trailer != text:
        raise NotebookError(
            "its JSON is not laid out as Jupyter writes it, so it cannot be rewritten without "
            "reformatting the whole file"
        )
    cells = data["cells"]
    for number, source in sources.items():
        cell = cells[number - 1]
        old = cell.get("source", "")
        cell["source"] = source.splitlines(keepends=True) if isinstance(old, list) else source
    return json.dumps(data, indent=indent, ensure_ascii=False) + trailer


def _load(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise NotebookError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise NotebookError("not a Jupyter notebook (no list of cells)")
    major = data.get("nbformat")
    if major is not None and major != 4:
        raise NotebookError(f"nbformat {major} is not supported (only 4)")
    return data


def _source_text(source: object, number: int) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    raise NotebookError(f"cell {number}: source is neither text nor a list of lines")


def _kernel_language(metadata: dict[str, Any]) -> str | None:
    kernelspec = metadata.get("kernelspec")
    if isinstance(kernelspec, dict) and isinstance(kernelspec.get("language"), str):
        return str(kernelspec["language"])
    info = metadata.get("language_info")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        return str(info["name"])
    return None


def _cell_language(metadata: dict[str, Any]) -> str | None:
    vscode = metadata.get("vscode")
    if isinstance(vscode, dict) and isinstance(vscode.get("languageId"), str):
        return str(vscode["languageId"])
    return None


def _indent_of(text: str) -> int | None:
    """The indentation of the file's JSON (Jupyter writes 1 space); None for one line."""
    lines = text.split("\n", 2)
    if len(lines) < 2:
        return None
    second = lines[1]
    return len(second) - len(second.lstrip(" "))


__all__ = ["Notebook", "NotebookCell", "NotebookError", "read_notebook", "with_sources"]
