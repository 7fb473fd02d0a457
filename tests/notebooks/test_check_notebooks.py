"""``jaxlsp check`` on notebooks: cell-aware output in every format, config, ``--fix``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.checker import check_paths, format_text
from jaxlsp.notebooks.ipynb import NotebookError, read_notebook, with_sources
from tests.conftest import run_jaxlsp
from tests.notebooks._client import FIXTURES

SYMBOLIC_ZEROS = "custom-vjp-symbolic-zeros-support-with-shard-map"


def notebook_json(*cells: tuple[str, str], language: str = "python") -> str:
    """A notebook as Jupyter writes it (one-space indent, sorted keys, a final newline)."""
    data: dict[str, Any] = {
        "cells": [
            {
                "cell_type": kind,
                "metadata": {},
                "source": source.splitlines(keepends=True),
                **({"execution_count": None, "outputs": []} if kind == "code" else {}),
            }
            for kind, source in cells
        ],
        "metadata": {"kernelspec": {"language": language, "name": language}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("symbolic_zeros.ipynb", "key_reuse.ipynb"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    return tmp_path


def test_text_output_names_the_cell_and_its_line(project: Path) -> None:
    done = run_jaxlsp("check", "--no-cache", str(project))
    assert done.returncode == 1, done.stderr
    lines = sorted(done.stdout.splitlines())
    assert lines[0].startswith(f"{project / 'key_reuse.ipynb'}:cell 4:2:14: key-reuse-error ")
    assert "consumed on line 1 of cell 3" in lines[0]
    assert lines[1].startswith(f"{project / 'symbolic_zeros.ipynb'}:cell 2:17:39: {SYMBOLIC_ZEROS}")
    assert "shard_map body on line 3 of cell 3" in lines[1]
    assert "2 finding(s) in 2 file(s) checked" in done.stderr


def test_json_sarif_and_github_locations_are_cell_aware(project: Path) -> None:
    target = str(project / "symbolic_zeros.ipynb")
    payload = json.loads(run_jaxlsp("check", "--no-cache", "--format", "json", target).stdout)
    (finding,) = payload["findings"]
    assert (finding["cell"], finding["line"], finding["column"]) == (2, 17, 39)
    assert (finding["endLine"], finding["endColumn"]) == (17, 58)
    related = {(r["cell"], r["line"], r["column"]) for r in finding["related"]}
    assert (3, 3, 8) in related  # the shard_map call, in its own cell

    sarif = json.loads(run_jaxlsp("check", "--no-cache", "--format", "sarif", target).stdout)
    (result,) = sarif["runs"][0]["results"]
    (location,) = result["locations"]
    assert location["properties"] == {"cell": 2}
    assert location["logicalLocations"] == [{"name": "cell 2", "kind": "module"}]
    assert location["physicalLocation"]["region"]["startLine"] == 17

    github = run_jaxlsp("check", "--no-cache", "--format", "github", target).stdout.strip()
    assert github.startswith(f"::error file={target},title={SYMBOLIC_ZEROS}::cell 2, line 17: ")
    assert ",line=" not in github  # a cell's lines are not the .ipynb file's


def test_exclude_and_select_apply_to_notebooks(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.jaxlsp]\nexclude = ["key_reuse.ipynb"]\nignore = ["key-reuse-error"]\n',
        encoding="utf-8",
    )
    report = check_paths([project])
    assert [f.path.name for f in report.files] == ["symbolic_zeros.ipynb"]
    (project / "pyproject.toml").write_text(
        f'[tool.jaxlsp]\nselect = ["key-reuse-error"]\nseverity = {{"{SYMBOLIC_ZEROS}" = "hint"}}\n',
        encoding="utf-8",
    )
    report = check_paths([project])
    assert [(f.path.name, [x.code for x in f.findings]) for f in report.files] == [
        ("key_reuse.ipynb", ["key-reuse-error"]),
        ("symbolic_zeros.ipynb", []),
    ]


def test_a_cell_that_does_not_parse_is_a_problem_and_the_others_are_checked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "broken.ipynb"
    path.write_text(
        notebook_json(
            ("code", "import jax\nkey = jax.random.key(0)"),
            ("markdown", "# notes"),
            ("code", "def broken(:\n    pass"),
            ("code", "a = jax.random.normal(key)\nb = jax.random.normal(key)"),
        ),
        encoding="utf-8",
    )
    (file,) = check_paths([path]).files
    assert file.problem is not None and file.problem.startswith("cell 2 is not valid Python")
    assert [f.code for f in file.findings] == ["key-reuse-error"]
    assert f"{path}:cell 3:2:5: key-reuse-error" in format_text(check_paths([path]))


def test_other_kernels_and_files_that_are_not_notebooks(tmp_path: Path) -> None:
    (tmp_path / "julia.ipynb").write_text(
        notebook_json(("code", "x = [1 2 3]"), language="julia"), encoding="utf-8"
    )
    (tmp_path / "bad.ipynb").write_text("{not json", encoding="utf-8")
    (tmp_path / "old.ipynb").write_text('{"cells": [], "nbformat": 3}', encoding="utf-8")
    report = {f.path.name: f for f in check_paths([tmp_path]).files}
    assert report["julia.ipynb"].problem is None and not report["julia.ipynb"].findings
    assert report["bad.ipynb"].problem is not None
    assert report["bad.ipynb"].problem.startswith("not a notebook jaxlsp can read: not JSON")
    assert "nbformat 3 is not supported" in (report["old.ipynb"].problem or "")


def test_a_cell_marked_as_another_language_is_not_analysed() -> None:
    text = notebook_json(("code", "SELECT 1"), ("code", "x = 1"))
    data = json.loads(text)
    data["cells"][0]["metadata"] = {"vscode": {"languageId": "sql"}}
    notebook = read_notebook(json.dumps(data))
    assert [cell.number for cell in notebook.code_cells] == [2]


def test_fix_leaves_an_unsafe_fix_in_a_notebook_out_unless_asked(project: Path) -> None:
    target = project / "symbolic_zeros.ipynb"
    before = target.read_text(encoding="utf-8")
    done = run_jaxlsp("check", "--no-cache", "--fix", str(target))
    assert done.returncode == 1, done.stdout + done.stderr  # the finding is still there
    assert "unsafe fix not applied: Register the rule without symbolic_zeros" in done.stderr
    assert target.read_text(encoding="utf-8") == before


def test_fix_writes_back_only_the_fixed_cells(project: Path) -> None:
    target = project / "symbolic_zeros.ipynb"
    before = target.read_text(encoding="utf-8")
    done = run_jaxlsp("check", "--no-cache", "--fix", "--unsafe-fixes", str(target))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fixed 1 file(s)" in done.stderr
    after = target.read_text(encoding="utf-8")
    old, new = json.loads(before), json.loads(after)
    assert old["metadata"] == new["metadata"]
    for number, (a, b) in enumerate(zip(old["cells"], new["cells"], strict=True), start=1):
        assert {k: v for k, v in a.items() if k != "source"} == {
            k: v for k, v in b.items() if k != "source"
        }  # outputs, execution counts, ids, metadata untouched
        if number != 3:
            assert a["source"] == b["source"]
    assert "".join(new["cells"][2]["source"]).endswith("scaled.defvjp(scaled_fwd, scaled_bwd)")
    # The file's layout is Jupyter's own: only the two changed lines differ.
    changed = [
        (x, y) for x, y in zip(before.splitlines(), after.splitlines(), strict=True) if x != y
    ]
    assert len(changed) == 2


def test_fix_leaves_a_hand_formatted_notebook_alone(tmp_path: Path) -> None:
    text = notebook_json(
        ("code", "import jax"),
        (
            "code",
            "@jax.custom_vjp\ndef f(x):\n    return x\n\ndef f_fwd(x):\n    return f(x.value), None\n\n"
            "def f_bwd(_, g):\n    return (g,)\n\nf.defvjp(f_fwd, f_bwd, symbolic_zeros=True)\n"
            "mesh = jax.make_mesh((8,), ('i',))\n"
            "jax.shard_map(f, mesh=mesh, in_specs=jax.P('i'), out_specs=jax.P('i'))(x)",
        ),
    )
    # Valid, but laid out as no JSON writer jaxlsp knows would lay it out again.
    compact = json.dumps(json.loads(text), separators=(",", ":"))
    path = tmp_path / "compact.ipynb"
    path.write_text(compact, encoding="utf-8")
    done = run_jaxlsp("check", "--no-cache", "--fix", "--unsafe-fixes", str(path))
    assert "not rewritten" in done.stderr and "reformatting" in done.stderr
    assert path.read_text(encoding="utf-8") == compact
    with pytest.raises(NotebookError):
        with_sources(compact, {2: "x = 1"})


def test_fix_in_a_python_file_too(tmp_path: Path) -> None:
    source = FIXTURES.parents[1] / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py"
    path = tmp_path / "program.py"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_jaxlsp("check", "--no-cache", "--fix", "--unsafe-fixes", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "scaled.defvjp(scaled_fwd, scaled_bwd)\n" in path.read_text(encoding="utf-8")


def test_the_cache_knows_where_cells_start(tmp_path: Path) -> None:
    """Two notebooks with the same code split into cells differently get their own messages."""
    code = "import jax\nkey = jax.random.key(0)\n\na = jax.random.normal(key)\nb = jax.random.normal(key)"
    one = tmp_path / "one.ipynb"
    two = tmp_path / "two.ipynb"
    one.write_text(notebook_json(("code", code)), encoding="utf-8")
    head, tail = code.split("\n\n")
    two.write_text(notebook_json(("code", head + "\n"), ("code", tail)), encoding="utf-8")
    cache = tmp_path / "cache"
    for _ in range(2):  # the second run reads the cache
        report = check_paths([one, two], cache_dir=cache)
        messages = {f.path.name: f.findings[0].message for f in report.files}
        assert "consumed on line 4" in messages["one.ipynb"]
        assert "consumed on line 1 of cell 2" in messages["two.ipynb"]
