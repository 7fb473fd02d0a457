"""bench.run measures the server as installed: its bytecode compiled, not recompiled per start."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import jaxlsp
from bench import run
from jaxlsp.lsp.generated_code import cache_path


def _current(source: Path) -> bool:
    cached = Path(importlib.util.cache_from_source(str(source)))
    if not cached.is_file():
        return False
    header = cached.read_bytes()[:16]
    if header[:4] != importlib.util.MAGIC_NUMBER:
        return False
    if int.from_bytes(header[4:8], "little") != 0:
        return True  # hash-based (SOURCE_DATE_EPOCH set): checked against the source on import
    # A timestamp-based pyc stores the source's mtime and size after magic and flags.
    mtime = int.from_bytes(header[8:12], "little")
    size = int.from_bytes(header[12:16], "little")
    stat = source.stat()
    return mtime == int(stat.st_mtime) & 0xFFFFFFFF and size == stat.st_size & 0xFFFFFFFF


def test_the_servers_bytecode_is_brought_up_to_date(tmp_path: Path) -> None:
    package = Path(jaxlsp.__file__).parent
    stale = package / "records" / "shared_wordings.py"
    cached = Path(importlib.util.cache_from_source(str(stale)))
    cached.unlink(missing_ok=True)
    assert not _current(stale)
    assert run._compile_own_bytecode()
    sources = list(package.rglob("*.py"))
    assert all(_current(source) for source in sources)


def test_the_servers_start_code_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under PYTHONDONTWRITEBYTECODE too (the sessions' environment may set it)."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    kept = cache_path()
    assert kept is not None
    kept.unlink(missing_ok=True)
    assert run._compile_own_bytecode()
    assert kept.is_file()
