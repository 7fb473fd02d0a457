"""Snippets come from the user's JAX, and only for the version the line belongs to."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.index.build import build_index
from jaxlsp.index.jaxenv import JaxInstall
from jaxlsp.index.snippet import raise_snippet

from ._fake_jax import write_jax_tree


def test_snippet_of_the_matching_version(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    record = next(r for r in build_index(package, "0.4.99").records if r.line_number == 13)
    snippet = raise_snippet(record, JaxInstall("0.4.99", package, tmp_path), context=1)
    assert snippet is not None
    assert (snippet.start, snippet.line, snippet.end) == (12, 13, 14)
    assert 'raise ValueError(f"shard_map requires a non-empty mesh' in snippet.text
    assert snippet.text.count("\n") == 2


def test_no_snippet_for_another_version_or_a_missing_file(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    record = build_index(package, "0.4.99").records[0]
    assert raise_snippet(record, JaxInstall("0.5.0", package, tmp_path)) is None
    (package / "_src" / "shard_map.py").unlink()
    assert raise_snippet(record, JaxInstall("0.4.99", package, tmp_path)) is None
    hostile = record.model_copy(update={"file_path": "jax/../../etc/passwd"})
    assert raise_snippet(hostile, JaxInstall("0.4.99", package, tmp_path)) is None
