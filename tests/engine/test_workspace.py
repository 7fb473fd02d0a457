"""Where the workspace finds the modules a document imports."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer import workspace as workspace_module
from jaxlsp.infer.workspace import Workspace

HELPERS = """import jax

def scaled(x):
    if x > 0:
        return x
    return -x
"""

NOTEBOOK = """import jax
import jax.numpy as jnp
from helpers import scaled


jax.jit(scaled)(jnp.ones(()))
"""


def test_a_jupyterlab_virtual_document_imports_the_modules_beside_its_notebook(
    tmp_path: Path,
) -> None:
    """jupyterlab-lsp sends a notebook as ``<root>/.virtual_documents/nb.ipynb`` with that
    folder as the root: ``from helpers import ...`` is the ``helpers.py`` beside the notebook."""
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    virtual = tmp_path / ".virtual_documents"
    virtual.mkdir()
    engine = Engine(workspace=Workspace([virtual]))
    analysis = engine.analyze(NOTEBOOK, str(virtual / "nb.ipynb"))
    assert str((tmp_path / "helpers.py").resolve()) in analysis.dependencies
    assert [f.code for f in analysis.elsewhere] == ["tracer-bool-conversion-error"]


def test_an_ordinary_folder_is_not_mirrored(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    notebooks = tmp_path / "virtual_documents"
    notebooks.mkdir()
    engine = Engine(workspace=Workspace([notebooks]))
    analysis = engine.analyze(NOTEBOOK, str(notebooks / "nb.ipynb"))
    assert analysis.dependencies == frozenset()
    assert analysis.elsewhere == ()


def test_parses_of_files_are_kept_within_a_bound_least_recently_read_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole library's check reads thousands of modules: only the most recently read
    parses are kept (``MAX_PARSED_CHARS``); one read again is parsed again."""
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.py").write_text(f"VALUE_{name.upper()} = 1\n" + "# pad\n" * 20)
    size = len((tmp_path / "a.py").read_text())
    monkeypatch.setattr(workspace_module, "MAX_PARSED_CHARS", 2 * size)
    space = Workspace([tmp_path])
    first_a, first_b = space.find("a", None), space.find("b", None)
    assert first_a is not None and first_b is not None
    assert space.find("a", None) is first_a  # kept, and now the most recently read
    assert space.find("c", None) is not None  # b, the least recently read, goes
    assert space.find("a", None) is first_a
    again_b = space.find("b", None)
    assert again_b is not None and again_b is not first_b
    assert again_b.parsed.chunks[0].tree.body[0].targets[0].id == "VALUE_B"  # type: ignore[attr-defined]


def test_a_check_looks_up_where_a_module_is_once_and_the_server_each_time(
    tmp_path: Path,
) -> None:
    """``jaxlsp check`` (``fixed_files``) keeps where each module was found: no module file is
    made or removed while it runs.  The language server looks again: a module made since is
    found."""
    checking = Workspace([tmp_path], fixed_files=True)
    serving = Workspace([tmp_path])
    assert checking.locate("helpers", None) is None
    assert serving.locate("helpers", None) is None
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    assert checking.locate("helpers", None) is None
    assert serving.locate("helpers", None) == ((tmp_path / "helpers.py").resolve(), False)
    fresh = Workspace([tmp_path], fixed_files=True)
    found = fresh.locate("helpers", None)
    assert found == ((tmp_path / "helpers.py").resolve(), False)
    (tmp_path / "helpers.py").unlink()
    assert fresh.locate("helpers", None) == found


def test_a_root_added_to_a_check_is_looked_in(tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "helpers.py").write_text(HELPERS, encoding="utf-8")
    checking = Workspace([tmp_path], fixed_files=True)
    assert checking.locate("helpers", None) is None
    checking.add_root(other)
    assert checking.locate("helpers", None) == ((other / "helpers.py").resolve(), False)
