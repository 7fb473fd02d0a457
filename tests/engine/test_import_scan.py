"""The rules on a library's module-level names read imports only from the statements whose text
spells ``import`` (``rules._imports``), and test the text for a missing JAX name once per
spelling: both must find what a walk of every statement, and a test of every match, finds."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from bench.generate import generate

from jaxlsp.rules import _imports
from jaxlsp.rules.jax_module_attribute_missing import MODULE_NAMES, _reads_a_missing_name
from jaxlsp.syntax.source import parse_module
from tests._engine import fresh_engine

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

#: Imports where a scan might miss one: nested in a function, a try, a class, split over
#: lines by a backslash or brackets, ``;``-joined, and a name that only contains "import".
NESTED = """
import numpy as np
important = 1

def f(x):
    from jax import \\
        numpy as jnp
    return jnp.DeviceArray

try:
    import haiku as hk
except ImportError:
    hk = None

class C:
    from jax import (
        random as jr,
    )

x = 1; import jax.numpy as jnp2
"""


def _every_tree(trees: list[ast.Module], package: str) -> dict[str, str]:
    """``package_imports`` as it was: every statement of every tree walked."""
    found: dict[str, str] = {}
    for tree in trees:
        for name, (full, _) in _imports._tree_imports(tree, package, MODULE_NAMES).items():
            found[name] = full
    return found


def _sources() -> list[str]:
    corpus = sorted(CORPUS.glob("*/*.py"))
    return [NESTED, generate(300), *(path.read_text() for path in corpus)]


@pytest.mark.parametrize("package", ["jax", "haiku", "numpy"])
def test_imports_read_from_the_statements_that_spell_import_are_all_of_them(package):
    for text in _sources():
        parsed = parse_module(text)
        if parsed.error is not None:
            continue
        trees = [chunk.tree for chunk in parsed.chunks]
        assert _imports.package_imports(parsed.chunks, package, MODULE_NAMES) == _every_tree(
            trees, package
        )


def test_nested_and_split_imports_are_found():
    chunks = parse_module(NESTED).chunks
    assert _imports.package_imports(chunks, "jax", MODULE_NAMES) == {
        "jnp": "jax.numpy",
        "jr": "jax.random",
        "jnp2": "jax.numpy",
    }
    # bound by the import alone: ``hk = None`` binds it again, so it is no alias
    assert _imports.package_aliases(chunks, "haiku", ()) == {}
    assert set(_imports.package_aliases(chunks, "jax", MODULE_NAMES)) == {"jnp", "jr", "jnp2"}


def _every_match(text: str, imported: dict[str, str]) -> bool:
    """``_reads_a_missing_name`` as it was: each match tested in turn."""

    pattern = re.compile(
        r"(?<![\w.])(" + "|".join(re.escape(name) for name in imported) + r")((?:\.\w+)+)"
    )
    for match in pattern.finditer(text):
        base = imported[match.group(1)]
        for part in match.group(2).split(".")[1:]:
            names = MODULE_NAMES.get(base)
            if names is None:
                break
            if part not in names and not part.startswith("__"):
                return True
            base = f"{base}.{part}"
    return False


@pytest.mark.parametrize(
    "text",
    [
        "x = jnp.dot(a, b)\ny = jnp.dot(a, b)\n",
        "x = jnp.dot(a, b)\ny = jnp.DeviceArray\nz = jnp.dot(a, b)\n",
        "y = jax.tree_map(f, t)\n" * 3,
        "y = jax.tree.map(f, t)\n# jax.tree_map in a comment\n",
        "y = jax.numpy.__name__\n",
    ],
)
def test_each_spelling_tested_once_finds_what_every_match_finds(text):
    imported = {"jax": "jax", "jnp": "jax.numpy"}
    assert _reads_a_missing_name(text, imported) == _every_match(text, imported)


def test_the_generated_file_and_the_corpus_read_as_before():
    imported = {"jax": "jax", "jnp": "jax.numpy", "lax": "jax.lax", "pl": "jax.experimental.pallas"}
    for text in _sources():
        assert _reads_a_missing_name(text, imported) == _every_match(text, imported)


def test_a_missing_name_under_an_import_in_a_function_is_still_found(tmp_path):
    path = tmp_path / "nested.py"
    path.write_text(NESTED)
    codes = [finding.code for finding in fresh_engine().analyze(NESTED, str(path)).findings]
    assert "jax-module-attribute-missing" in codes


def test_a_module_without_the_import_stays_silent(tmp_path):
    text = "important = 1\n\ndef f(jnp):\n    return jnp.DeviceArray\n"
    path = tmp_path / "unimported.py"
    path.write_text(text)
    codes = [finding.code for finding in fresh_engine().analyze(text, str(path)).findings]
    assert "jax-module-attribute-missing" not in codes
