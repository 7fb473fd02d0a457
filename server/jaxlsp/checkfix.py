"""``jaxlsp check --fix``: each finding's preferred quick fix, written back into its file.

The fixes are the editor's fix-all (``source.fixAll.jaxlsp``, ``Engine.fix_all``): every
preferred quick fix whose edits do not overlap an earlier one.  A notebook gets them in its
cells and only its cells' sources change (outputs, metadata and the file's layout stay:
``jaxlsp.notebooks.ipynb.with_sources``); a fix that would edit across cells or rewrite masked
IPython syntax is left out.  Ignore comments are never added.  ``check`` then reports what is
left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jaxlsp.checker import FileReport, iter_python_files, project_engine, read_source
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Engine
from jaxlsp.fixes.edits import apply_edits
from jaxlsp.notebooks import NotebookError
from jaxlsp.notebooks.ipynb import with_sources
from jaxlsp.records.load import RecordSet


@dataclass(frozen=True)
class FixedFile:
    """A file ``--fix`` rewrote, or could not (``problem``)."""

    path: Path
    problem: str | None = None


def fix_paths(paths: Sequence[Path], *, records: RecordSet | None = None) -> list[FixedFile]:
    """Fix every file under ``paths`` that has fixable findings; the files changed or refused."""
    engine = project_engine(paths, records)
    configs: dict[Path, Config] = {}
    done = []
    for path in iter_python_files(paths):
        if path.parent not in configs:
            configs[path.parent] = load_config(path)
        fixed = fix_file(engine, path, configs[path.parent])
        if fixed is not None:
            done.append(fixed)
    return done


def fix_file(engine: Engine, path: Path, config: Config) -> FixedFile | None:
    """Apply ``path``'s fixes and write it back; None when there is nothing to fix."""
    read = read_source(path, config)
    if isinstance(read, FileReport):
        return None  # not checked: ``check`` reports why
    analysis = engine.analyze(read.module, str(path), line_names=read.line_names)
    if analysis.parse_error is not None:
        return None
    notebook = read.notebook
    if notebook is None:
        edits = engine.fix_all(read.module, analysis, config)
        if not edits:
            return None
        new_text = apply_edits(read.text, edits)
    else:
        edits = engine.fix_all(read.module, analysis, config, accept=notebook.fits)
        per_cell = notebook.cell_edits(edits)
        if not edits or per_cell is None:
            return None
        sources = {cell.number: cell.source for cell in notebook.cells}
        try:
            new_text = with_sources(
                read.text,
                {number: apply_edits(sources[number], cell) for number, cell in per_cell.items()},
            )
        except NotebookError as error:
            return FixedFile(path, problem=f"not rewritten: {error}")
    try:
        path.write_text(new_text, encoding="utf-8", newline="")
    except OSError as error:
        return FixedFile(path, problem=f"cannot write: {error.strerror or error}")
    return FixedFile(path)
