"""Which index a JAX version gets: shipped, cached, built in the background, or none."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from jaxlsp.index.build import dataset_version
from jaxlsp.index.cache import (
    build_index_cached,
    cache_root,
    cached_index_path,
    index_in_background,
    load_index_for,
    shipped_index_path,
    shipped_versions,
)
from jaxlsp.index.jaxenv import JaxInstall
from jaxlsp.records.load import RecordSet

from ._fake_jax import write_jax_tree

PINNED = "0.12.0.1"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_cache_lives_under_xdg_cache_home(tmp_path: Path) -> None:
    assert cache_root() == tmp_path / "cache" / "jaxlsp"
    assert cached_index_path("0.4.99").parent.name == "index"  # the loader treats it as generated


def test_the_pinned_version_is_shipped_and_loads() -> None:
    assert PINNED in shipped_versions()
    records = load_index_for(PINNED)
    assert records is not None and len(records.loaded) > 5_000
    assert records.loaded[0].path == shipped_index_path(PINNED)


def test_an_unknown_version_has_no_index_until_one_is_built(tmp_path: Path) -> None:
    assert load_index_for("0.4.99") is None
    package = write_jax_tree(tmp_path / "jax")
    path = build_index_cached(package, "0.4.99")
    assert path == cached_index_path("0.4.99")
    assert dataset_version("0.4.99") in path.read_text(encoding="utf-8")
    records = load_index_for("0.4.99")
    assert records is not None
    assert {r.file_path for r in records.records} == {"jax/_src/shard_map.py"}
    # Built once: a second call returns the cached file without rebuilding it.
    stamp = path.stat().st_mtime_ns
    assert build_index_cached(package, "0.4.99") == path
    assert path.stat().st_mtime_ns == stamp


def test_a_shipped_version_is_never_rebuilt(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax", version=PINNED)
    assert build_index_cached(package, PINNED) == shipped_index_path(PINNED)
    assert not cached_index_path(PINNED).exists()


def test_a_corrupt_cache_file_is_treated_as_missing(tmp_path: Path) -> None:
    path = cached_index_path("0.4.98")
    path.parent.mkdir(parents=True)
    path.write_text('{"records": [{"id": "nope"}]}', encoding="utf-8")
    assert load_index_for("0.4.98") is None
    rebuilt = build_index_cached(write_jax_tree(tmp_path / "jax"), "0.4.98", force=True)
    assert load_index_for("0.4.98") is not None and rebuilt == path


def test_concurrent_builds_leave_one_whole_file(tmp_path: Path) -> None:
    package = write_jax_tree(tmp_path / "jax")
    errors: list[BaseException] = []

    def build() -> None:
        try:
            build_index_cached(package, "0.4.97", force=True)
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=build) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert load_index_for("0.4.97") is not None
    leftovers = [p.name for p in cached_index_path("0.4.97").parent.iterdir()]
    assert leftovers == ["jax-0.4.97.json"]


def test_background_indexing_of_an_unshipped_version_logs_and_delivers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    package = write_jax_tree(tmp_path / "site-packages" / "jax")
    install = JaxInstall("0.4.96", package, package.parent)
    delivered: list[RecordSet] = []
    with caplog.at_level(logging.INFO, logger="jaxlsp.index"):
        thread = index_in_background(install, delivered.append)
        assert thread is not None
        thread.join(timeout=60)
    assert len(delivered) == 1 and len(delivered[0].loaded) == 2
    assert "indexing" in caplog.text and "cached at" in caplog.text
    # Next start: the cached index is delivered at once, no thread.
    assert index_in_background(install, delivered.append) is None
    assert len(delivered) == 2


def test_the_shipped_version_is_delivered_at_once(tmp_path: Path) -> None:
    install = JaxInstall(PINNED, tmp_path / "jax", tmp_path)
    delivered: list[RecordSet] = []
    assert index_in_background(install, delivered.append) is None
    assert len(delivered[0].loaded) > 5_000
