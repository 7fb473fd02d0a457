"""``jaxlsp index`` through the installed console script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jaxlsp.records.load import load_file
from tests.conftest import run_jaxlsp

from ._fake_jax import write_environment, write_jax_tree


def test_index_a_source_tree_to_a_file_with_counts(tmp_path: Path) -> None:
    write_jax_tree(tmp_path / "checkout" / "jax", version="0.5.0")
    out = tmp_path / "index" / "jax-0.5.0.json"
    result = run_jaxlsp(
        "index",
        "--jax-src",
        str(tmp_path / "checkout"),
        "-o",
        str(out),
        "--report",
        "jax/_src/shard_map.py",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["jaxVersion"] == "0.5.0"
    assert report["counts"]["jax/_src/shard_map.py"]["raise"] == 3
    assert report["counts"]["jax/_src/shard_map.py"]["indexed"] == 2
    assert len(load_file(out).records) == 2


def test_index_the_jax_of_another_environment_into_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    interpreter = write_environment(tmp_path / "venv", version="0.4.31")
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    result = run_jaxlsp("index", "--python", str(interpreter))
    assert result.returncode == 0, result.stderr
    written = list(cache.rglob("jax-0.4.31.json"))
    assert len(written) == 1 and "0.4.31" in result.stderr


def test_bad_sources_are_usage_errors_with_a_clear_message(tmp_path: Path) -> None:
    result = run_jaxlsp("index", "--jax-src", str(tmp_path))
    assert result.returncode == 2
    assert "is not a JAX source tree" in result.stderr
    result = run_jaxlsp("index", "--python", str(tmp_path / "nothing" / "bin" / "python"))
    assert result.returncode == 2
    assert "no installed JAX found" in result.stderr


def test_stdout_output_is_the_bundle(tmp_path: Path) -> None:
    write_jax_tree(tmp_path / "jax", version="0.5.0")
    result = run_jaxlsp("index", "--jax-src", str(tmp_path / "jax"), "-o", "-")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["datasetVersion"].startswith("jax-0.5.0")
