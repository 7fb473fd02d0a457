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
    }
    assert build.counts[("jax/_src/shard_map.py", SiteKind.NO_MESSAGE)] == 1


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
