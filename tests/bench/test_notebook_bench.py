"""``bench.notebook`` runs, and a notebook cut from a file gets the file's findings.

No time is asserted here (the budget is the full run's, in bench/README.md): a small generated
file and the notebook cut from it are synced to jaxlsp and ruff, every edit gets its
diagnostics, and jaxlsp reports as many problems over the cells as in the file.
"""

from __future__ import annotations

import ast

import pytest
from bench.generate import generate
from bench.notebook import run, split_cells


def test_cells_are_cut_at_top_level_statements() -> None:
    text = generate(400)
    cells = split_cells(text, 10)
    assert len(cells) == 10
    assert "\n".join(cells) == text
    for cell in cells:
        ast.parse(cell)


@pytest.mark.bench
def test_the_notebook_bench_runs_and_finds_what_the_file_has() -> None:
    report = run(lines=300, cell_count=10, sessions=1, edits=2, timeout=60)
    jaxlsp = report["servers"]["jaxlsp"]
    assert jaxlsp["errors"] == []
    assert len(jaxlsp["file_changes"]) == len(jaxlsp["notebook_changes"]) == 2
    assert jaxlsp["file_diagnostics"] > 0
    assert jaxlsp["notebook_diagnostics"] == jaxlsp["file_diagnostics"]
    assert report["ratio"] is not None
