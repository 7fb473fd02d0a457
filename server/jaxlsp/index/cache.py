"""Which index to use for a JAX version: the shipped one, or one built here and cached on disk.

jaxlsp ships the index of the JAX release it pins (``data/index/jax-<version>.json``).  A user
with another JAX gets an index of *their* JAX, built from its installed source (seconds, so the
server does it in a background thread) and cached under ``$XDG_CACHE_HOME/jaxlsp`` keyed by
the JAX version and the index format, so it is built once per version.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from jaxlsp.index.build import (
    INDEX_FORMAT,
    build_index,
    index_file_name,
    write_index,
)
from jaxlsp.index.jaxenv import JaxInstall, detect_jax
from jaxlsp.records.load import RecordSet, curated_records_dir, load_file, packaged_data_dir

_UNSAFE = re.compile(r"[^A-Za-z0-9.+_-]")
_LOG = logging.getLogger("jaxlsp.index")


#: Older releases' wordings joined to the shipped index (``jaxlsp.index.history``).
HISTORY_FILE = "history.json"


def shipped_index_dir() -> Path:
    return packaged_data_dir() / "index"


def shipped_index_path(jax_version: str) -> Path:
    return shipped_index_dir() / index_file_name(_safe(jax_version))


def shipped_versions() -> list[str]:
    """The JAX versions jaxlsp ships an index for."""
    names = sorted(shipped_index_dir().glob("jax-*.json"))
    return [path.name[len("jax-") : -len(".json")] for path in names]


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/jaxlsp`` (``~/.cache/jaxlsp``; ``%LOCALAPPDATA%\\jaxlsp`` on Windows)."""
    configured = os.environ.get("XDG_CACHE_HOME")
    if configured:
        return Path(configured) / "jaxlsp"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "jaxlsp"
    return Path.home() / ".cache" / "jaxlsp"


def matcher_cache_dir() -> Path:
    """Where explain's matcher keeps what it derives from a record set (``Matcher``)."""
    return cache_root() / "matcher"


def cached_index_path(jax_version: str) -> Path:
    """Keyed by index format too: an index built by an older jaxlsp is never reused.
    The folder is named ``index`` so the loader treats the file as generated."""
    return cache_root() / f"format-{INDEX_FORMAT}" / "index" / index_file_name(_safe(jax_version))


def _safe(version: str) -> str:
    return _UNSAFE.sub("_", version)


def index_path_for(jax_version: str) -> Path | None:
    """The shipped index for this version if there is one, else a cached one, else None."""
    for path in (shipped_index_path(jax_version), cached_index_path(jax_version)):
        if path.is_file():
            return path
    return None


def record_paths_for_interpreter(interpreter: Path) -> list[Path]:
    """Curated records plus the index for the JAX of ``interpreter`` (found from its files):
    its shipped or cached index when there is one, else the shipped index."""
    install = detect_jax(interpreter)
    index = index_path_for(install.version) if install is not None else None
    if index is None:
        return [curated_records_dir(), shipped_index_dir()]  # the history file is in it
    return [curated_records_dir(), *with_history(index)]


def with_history(index: Path) -> list[Path]:
    """``index`` and the shipped history file: older releases' wordings, joined to today's
    records, belong with any JAX's index."""
    history = shipped_index_dir() / HISTORY_FILE
    return [index, *([history] if history.is_file() and history != index else [])]


def load_index_for(jax_version: str) -> RecordSet | None:
    """The index records for ``jax_version`` (shipped, else cached), or None when neither
    exists or the file holds no valid record (the caller may then build one)."""
    path = index_path_for(jax_version)
    if path is None:
        return None
    records = load_file(path, compile_patterns=False)
    if not records.loaded:
        return None
    return records


def build_index_cached(jax_dir: Path, jax_version: str, *, force: bool = False) -> Path:
    """Build the index of the JAX source at ``jax_dir`` into the cache; return its path.

    Blocking (seconds): call it from a background thread.  Returns at once when the version is
    shipped or already cached (unless ``force``).  Written atomically, so a concurrent reader
    (or a second server building the same version) never sees half a file.
    """
    if not force:
        existing = index_path_for(jax_version)
        if existing is not None:
            return existing
    build = build_index(jax_dir, jax_version)
    path = cached_index_path(jax_version)
    write_index(build, path)
    return path


def index_in_background(
    install: JaxInstall,
    on_ready: Callable[[RecordSet], None],
    *,
    logger: logging.Logger = _LOG,
) -> threading.Thread | None:
    """Give ``on_ready`` the index of ``install``'s JAX version, building it if need be.

    When the version is shipped or cached, ``on_ready`` runs now and None is returned.  Else a
    daemon thread builds and caches the index (seconds), logs what it does, calls ``on_ready``
    with the new records, and is returned (join it in tests).  A failed build is logged and
    ``on_ready`` is not called: the caller keeps the index it has.
    """
    ready = load_index_for(install.version)
    if ready is not None:
        logger.info("jax %s: using the index %s", install.version, ready.loaded[0].path)
        on_ready(ready)
        return None
    logger.info(
        "jax %s is not the shipped version (%s): indexing %s in the background",
        install.version,
        ", ".join(shipped_versions()) or "none",
        install.package_dir,
    )

    def build() -> None:
        started = time.perf_counter()
        try:
            path = build_index_cached(install.package_dir, install.version)
        except (OSError, ValueError) as error:
            logger.warning("jax %s: indexing failed: %s", install.version, error)
            return
        records = load_file(path, compile_patterns=False)
        logger.info(
            "jax %s: indexed %d raise sites in %.1f s, cached at %s",
            install.version,
            len(records.loaded),
            time.perf_counter() - started,
            path,
        )
        on_ready(records)

    thread = threading.Thread(target=build, name=f"jaxlsp-index-{install.version}", daemon=True)
    thread.start()
    return thread
