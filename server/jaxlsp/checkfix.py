"""``jaxlsp check --fix``: each finding's preferred quick fix, written back into its file.

The fixes are the editor's fix-all (``source.fixAll.jaxlsp``, ``Engine.fix_all``): every
preferred quick fix whose edits do not overlap an earlier one, the safe ones only unless
``--unsafe-fixes`` (an unsafe fix changes behaviour the code may rely on: ``Fix.safe``).  A
Python file is written back in its own encoding and line ends; a notebook gets the fixes in its
cells and only its cells' sources change (outputs, metadata and the file's layout stay:
``jaxlsp.notebooks.ipynb.with_sources``), and a fix that would edit across cells or rewrite
masked IPython syntax is left out.  Ignore comments are never added.  ``check`` then reports
what is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jaxlsp.checker import FileReport, iter_python_files, project_engine, read_checked
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Engine
from jaxlsp.findings import Fix
from jaxlsp.fixes.edits import apply_edits
from jaxlsp.notebooks import NotebookError
from jaxlsp.notebooks.ipynb import with_sources
from jaxlsp.records.load import RecordSet
from jaxlsp.syntax.decode import write_source


@dataclass(frozen=True)
class FixedFile:
    """A file ``--fix`` rewrote (or could not: ``problem``), and the unsafe fixes it left out."""

    path: Path
    written: bool = False
    problem: str | None = None
    held_back: tuple[Fix, ...] = ()


@dataclass
class FixReport:
    files: list[FixedFile] = field(default_factory=list)

    @property
    def written(self) -> int:
        return sum(1 for file in self.files if file.written)

    @property
    def held_back(self) -> list[tuple[Path, Fix]]:
        """Unsafe fixes left out, with their files."""
        return [(file.path, fix) for file in self.files for fix in file.held_back]


def fix_paths(
    paths: Sequence[Path], *, records: RecordSet | None = None, unsafe: bool = False
) -> FixReport:
    """Fix every file under ``paths`` that has fixable findings (its safe fixes; with
    ``unsafe``, all): the files changed, refused, or with fixes left out."""
    engine = project_engine(paths, records)
    configs: dict[Path, Config] = {}
    report = FixReport()
    for path in iter_python_files(paths):
        if path.parent not in configs:
            configs[path.parent] = load_config(path)
        fixed = fix_file(engine, path, configs[path.parent], unsafe=unsafe)
        if fixed is not None:
            report.files.append(fixed)
    return report


def fix_file(
    engine: Engine, path: Path, config: Config, *, unsafe: bool = False
) -> FixedFile | None:
    """Apply ``path``'s fixes and write it back; None when there is nothing to fix."""
    read = read_checked(path, config)
    if isinstance(read, FileReport):
        return None  # not checked: ``check`` reports why
    analysis = engine.analyze(read.module, str(path), line_names=read.line_names)
    if analysis.parse_error is not None:
        return None
    notebook = read.notebook
    accept = notebook.fits if notebook is not None else None
    fixed = engine.fix_all(read.module, analysis, config, unsafe=unsafe, accept=accept)
    if not fixed.edits:
        return FixedFile(path, held_back=fixed.held_back) if fixed.held_back else None
    try:
        if notebook is None:
            write_source(path, apply_edits(read.text, fixed.edits), read.raw)
        else:
            per_cell = notebook.cell_edits(fixed.edits)
            if per_cell is None:
                return None
            sources = {cell.number: cell.source for cell in notebook.cells}
            new_sources = {
                number: apply_edits(sources[number], cell) for number, cell in per_cell.items()
            }
            path.write_text(with_sources(read.text, new_sources), encoding="utf-8", newline="")
    except NotebookError as error:
        return FixedFile(path, problem=f"not rewritten: {error}", held_back=fixed.held_back)
    except OSError as error:
        problem = f"cannot write: {error.strerror or error}"
        return FixedFile(path, problem=problem, held_back=fixed.held_back)
    engine.workspace.forget(path)  # a module importing it reads the fixed text
    return FixedFile(path, written=True, held_back=fixed.held_back)
