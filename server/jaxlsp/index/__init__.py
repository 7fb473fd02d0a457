"""The index: every error the installed JAX can raise, read from its source (never imported).

Public API (what the server and the CLI call):

- ``detect_jax(interpreter_or_environment) -> JaxInstall | None``: the JAX of an environment,
  from its ``jax-*.dist-info/METADATA``.
- ``load_index_for(version) -> RecordSet | None``: the shipped index for that version, else a
  cached one, else None.
- ``build_index_cached(jax_dir, version) -> Path``: build and cache an index (blocking, seconds:
  run it in a background thread), or ``index_in_background(install, on_ready)`` which does that
  in a daemon thread, logs to ``jaxlsp.index`` and hands the records to ``on_ready``.
- ``build_index(jax_dir, version) -> IndexBuild`` and ``write_index``: the builder itself.
- ``sites_for(curated, index_records)`` / ``site_for`` / ``exact_site``: the raise site of a
  curated record's error in one JAX version.
- ``raise_snippet(record, install)``: the lines around a site, read from the user's JAX when
  the record's version is the installed one (the index itself carries no JAX source).
"""

from jaxlsp.index.build import (
    INDEX_TAG,
    IndexBuild,
    IndexSourceError,
    build_index,
    dataset_version,
    dump_index,
    read_source_version,
    resolve_package_dir,
    write_index,
)
from jaxlsp.index.cache import (
    build_index_cached,
    cache_root,
    cached_index_path,
    index_in_background,
    index_path_for,
    load_index_for,
    record_paths_for_interpreter,
    shipped_index_path,
    shipped_versions,
)
from jaxlsp.index.jaxenv import JaxInstall, detect_jax
from jaxlsp.index.join import (
    enclosing_function,
    exact_site,
    is_index_record,
    site_for,
    sites_for,
)
from jaxlsp.index.snippet import Snippet, raise_snippet

__all__ = [
    "INDEX_TAG",
    "IndexBuild",
    "IndexSourceError",
    "JaxInstall",
    "Snippet",
    "build_index",
    "build_index_cached",
    "cache_root",
    "cached_index_path",
    "dataset_version",
    "detect_jax",
    "dump_index",
    "enclosing_function",
    "exact_site",
    "index_in_background",
    "index_path_for",
    "is_index_record",
    "load_index_for",
    "raise_snippet",
    "read_source_version",
    "record_paths_for_interpreter",
    "resolve_package_dir",
    "shipped_index_path",
    "shipped_versions",
    "site_for",
    "sites_for",
    "write_index",
]
