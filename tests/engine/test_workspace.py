"""Where the workspace finds the modules a document imports."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.engine import Engine
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
