"""What ``jaxlsp index`` needs besides the builder: where the source is, and the counts."""

from __future__ import annotations

import sys
from pathlib import Path

from jaxlsp.index.build import (
    IndexBuild,
    IndexSourceError,
    read_source_version,
    resolve_package_dir,
)
from jaxlsp.index.jaxenv import detect_jax


def find_source(jax_src: Path | None, python: Path | None, version: str | None) -> tuple[Path, str]:
    """The ``jax`` package folder to index and its version.

    ``jax_src`` wins; else the JAX of ``python`` (an interpreter or environment), else the JAX
    of this interpreter, found from files only.  Raises IndexSourceError when there is none.
    """
    if jax_src is not None:
        package_dir = resolve_package_dir(jax_src)
        found = version or read_source_version(package_dir)
        if not found:
            raise IndexSourceError(
                f"cannot read the JAX version of {package_dir}; pass --jax-version"
            )
        return package_dir, found
    where = python if python is not None else Path(sys.executable)
    install = detect_jax(where)
    if install is None:
        raise IndexSourceError(f"no installed JAX found for {where}; pass --jax-src DIR")
    return install.package_dir, version or install.version


def report_rows(build: IndexBuild, prefixes: list[str]) -> dict[str, dict[str, int]]:
    """Counts of raise statements by kind, for the whole tree and each prefix."""
    return {prefix: build.summary(prefix) for prefix in ["", *prefixes]}
