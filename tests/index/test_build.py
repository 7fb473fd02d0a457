"""Building an index: records, stable ids, deterministic bytes, bad files reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jaxlsp.index.build import (
    INDEX_TAG,
    IndexSourceError,
    build_index,
    dataset_version,
    dump_index,
    read_source_version,
    resolve_package_dir,
    write_index,
)
from jaxlsp.index.extract import SiteKind
from jaxlsp.index.join import enclosing_function
from jaxlsp.records.load import load_file
from jaxlsp.records.match import Matcher

from ._fake_jax import SHARD_MAP, write_jax_tree


def test_records_carry_site_facts_and_no_source(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    build = build_index(package, "0.4.99")
    by_line = {r.line_number: r for r in build.records}
    assert sorted(by_line) == [8, 13]
    record = by_line[8]
    assert record.file_path == "jax/_src/shard_map.py"
    assert record.error_class == "NotImplementedError"
    assert record.github_url == (
        "https://github.com/jax-ml/jax/blob/jax-v0.4.99/jax/_src/shard_map.py#L8"
    )
    assert record.jax_versions == ("0.4.99",)
    assert INDEX_TAG in record.tags
    assert enclosing_function(record) == "ShardMapTrace.process_custom_vjp_call"
    assert not record.has_explanation and record.source_code is None
    assert build.summary("jax/_src/shard_map.py") == {
        "raise": 3,
        "withMessage": 2,
        "indexed": 2,
        "tooGeneric": 0,
        "noMessage": 1,
        "reraise": 0,
        "computed": 0,
        "warnings": 0,
        "warningsIndexed": 0,
    }
    assert build.counts[("jax/_src/shard_map.py", SiteKind.NO_MESSAGE)] == 1


def test_warning_calls_are_indexed_as_warnings(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    (package / "_src" / "dispatch.py").write_text(
        "import warnings\n\n\ndef donate(unusable):\n"
        '    warnings.warn(f"Some donated buffers were not usable: {unusable}.")\n'
        "    warnings.warn(message)\n",
        encoding="utf-8",
    )
    build = build_index(package, "0.4.99")
    (warning,) = [r for r in build.records if r.file_path == "jax/_src/dispatch.py"]
    assert (warning.error_class, warning.error_type, warning.severity) == (
        "UserWarning",
        "warning",
        "warning",
    )
    assert warning.error_message == "Some donated buffers were not usable: {unusable}."
    assert warning.line_number == 5
    counts = build.summary("jax/_src/dispatch.py")
    assert (counts["raise"], counts["warnings"], counts["warningsIndexed"]) == (0, 2, 1)
    matcher = Matcher(build.records)
    (found, *_) = matcher.match(
        "/venv/lib/python3.12/site-packages/jax/_src/dispatch.py:5: UserWarning: Some donated "
        "buffers were not usable: ShapedArray(float32[3])."
    )
    assert found.record.id == warning.id and found.kind == "exact"


def test_ids_survive_line_moves_and_the_bytes_are_reproducible(tmp_path: Path) -> None:
    first = build_index(write_jax_tree(tmp_path / "a" / "jax"), "0.4.99")
    moved = build_index(
        write_jax_tree(tmp_path / "b" / "jax", shard_map="\n\n" + SHARD_MAP), "0.4.99"
    )
    assert [r.id for r in first.records] == [r.id for r in moved.records]
    assert [r.line_number for r in moved.records] == [10, 15]
    again = build_index(write_jax_tree(tmp_path / "a" / "jax"), "0.4.99")
    assert dump_index(first) == dump_index(again)


def test_written_index_loads_and_matches_the_runtime_message(tmp_path: Path) -> None:
    build = build_index(write_jax_tree(tmp_path / "jax"), "0.4.99")
    target = tmp_path / "out" / "index" / "jax-0.4.99.json"
    write_index(build, target)
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["datasetVersion"] == dataset_version("0.4.99")
    loaded = load_file(target)
    assert loaded.problems == []
    assert [r.id for r in loaded.records] == [r.id for r in build.records]
    best = Matcher(loaded.records).match(
        "ValueError: shard_map requires a non-empty mesh. Got Mesh()"
    )
    assert best[0].record.line_number == 13
    assert best[0].kind == "exact"


def test_a_file_that_does_not_parse_is_reported_and_the_rest_indexed(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    (package / "_src" / "broken.py").write_text("def f(:\n    raise ValueError('x')\n")
    build = build_index(package, "0.4.99")
    assert [p.path for p in build.problems] == ["jax/_src/broken.py"]
    assert "SyntaxError" in build.problems[0].message
    assert len(build.records) == 2


def test_source_folders_and_versions(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "checkout" / "jax", version="0.5.0")
    assert resolve_package_dir(tmp_path / "checkout") == package
    assert resolve_package_dir(package) == package
    assert read_source_version(package) == "0.5.0"
    with pytest.raises(IndexSourceError, match="not a JAX source tree"):
        resolve_package_dir(tmp_path)


def test_dev_versions_get_no_release_link(tmp_path: Path) -> None:
    build = build_index(write_jax_tree(tmp_path / "jax"), "0.5.1.dev20250101+gabc")
    assert all(r.github_url is None and r.jax_versions == () for r in build.records)


def test_a_release_from_before_the_src_folder_is_indexed(tmp_path: Path) -> None:
    # jax 0.2.0 and older: core.py and api.py in jax/ itself, no jax/_src.
    package = tmp_path / "jax-0.2.0" / "jax"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "version.py").write_text('__version__ = "0.2.0"\n', encoding="utf-8")
    (package / "api.py").write_text("", encoding="utf-8")
    (package / "core.py").write_text(
        "def concrete(x):\n    raise TypeError(f'Abstract value passed to `bool`: {x}')\n",
        encoding="utf-8",
    )
    assert resolve_package_dir(package.parent) == package
    (record,) = build_index(package.parent, "0.2.0").records
    assert (record.file_path, record.line_number) == ("jax/core.py", 2)
    assert record.error_message == "Abstract value passed to `bool`: {x}"
    (package / "api.py").unlink()
    with pytest.raises(IndexSourceError):
        resolve_package_dir(package.parent)  # an __init__.py and a core.py are not yet JAX
