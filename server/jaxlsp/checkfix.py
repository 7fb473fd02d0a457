"""``jaxlsp check --fix``: each finding's preferred quick fix, written back into its file.

The fixes are the editor's fix-all (``source.fixAll.jaxlsp``, ``Engine.fix_all``): every
preferred quick fix whose edits do not overlap an earlier one, the safe ones only unless
``--unsafe-fixes`` (an unsafe fix changes behaviour the code may rely on: ``Fix.safe``).  A
Python file is written back in its own encoding and line ends; a notebook gets the fixes in its
cells and only its cells' sources change (outputs, metadata and the file's layout stay:
``jaxlsp.notebooks.ipynb.with_sources``), and a fix that would edit across cells or rewrite
masked IPython syntax is left out.  Ignore comments are never added.  A fix can uncover another
(``x[0][1] = v`` becomes ``x[0] = x[0].at[1].set(v)``, itself an item assignment into an array),
so the files are fixed again, round after round, until a round writes nothing (at most
``MAX_ROUNDS``).  ``check`` then reports what is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
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

#: How many rounds of fixes ``fix_paths`` applies at most (fixes that keep uncovering others).
MAX_ROUNDS = 8


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
    ``unsafe``, all), in rounds until none is left: the files changed, refused, or with fixes
    left out (as the last round found them)."""
    engine = project_engine(paths, records)
    configs: dict[Path, Config] = {}
    files = list(iter_python_files(paths))
    outcome: dict[Path, FixedFile] = {}
    for _ in range(MAX_ROUNDS):
        wrote = False
        for path in files:
            if path.parent not in configs:
                configs[path.parent] = load_config(path)
            fixed = fix_file(engine, path, configs[path.parent], unsafe=unsafe)
            earlier = outcome.get(path)
            if fixed is None:
                if earlier is not None:  # fixed in an earlier round, nothing left now
                    outcome[path] = FixedFile(path, written=earlier.written)
                continue
            wrote = wrote or fixed.written
            before = earlier is not None and earlier.written
            outcome[path] = replace(fixed, written=fixed.written or before)
        if not wrote:
            break
    report = FixReport()
    report.files = [outcome[path] for path in files if path in outcome]
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
