"""Which JAX a Python environment has, read from its files: never import jax, never run Python.

The user's interpreter may be another venv, another Python version, or broken; importing JAX
would run its code (and take seconds).  The installed distribution's ``METADATA`` names the
version, and the ``jax`` package folder next to it (or the path an editable install points at)
holds the source the index is built from.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

_DIST_INFO = re.compile(r"^jax-(?P<version>[^-]+)\.dist-info$", re.IGNORECASE)
_METADATA_FIELD = re.compile(r"^(?P<key>[A-Za-z-]+):\s*(?P<value>.*)$")


@dataclass(frozen=True)
class JaxInstall:
    """An installed JAX: its version and where its source lives."""

    version: str
    #: The ``jax`` package folder (contains ``_src``).
    package_dir: Path
    #: The folder holding ``jax-<version>.dist-info``.
    site_packages: Path


def detect_jax(location: Path | str) -> JaxInstall | None:
    """The JAX installed for ``location``, or None when there is none.

    ``location`` may be an interpreter (``.venv/bin/python``), an environment's root
    (``.venv``, ``/usr``), or a site-packages folder.  Only files are read.
    """
    path = Path(location).expanduser()
    for site in _site_packages_for(path):
        found = _jax_in(site)
        if found is not None:
            return found
    return None


def _site_packages_for(path: Path) -> Iterator[Path]:
    if path.is_dir() and any(path.glob("*.dist-info")):
        yield path  # already a site-packages folder
        return
    prefix = path
    if path.is_file() or not path.exists():
        # An interpreter: <prefix>/bin/python (POSIX) or <prefix>/Scripts/python.exe (Windows),
        # or <prefix>/python.exe for a base Windows install.
        parent = path.parent
        prefix = parent.parent if parent.name in {"bin", "Scripts"} else parent
    yield from _prefix_site_packages(prefix)
    config = prefix / "pyvenv.cfg"
    if config.is_file() and _venv_includes_system_site(config):
        home = _venv_home(config)
        if home is not None:
            base = home.parent if home.name in {"bin", "Scripts"} else home
            yield from _prefix_site_packages(base)


def _prefix_site_packages(prefix: Path) -> Iterator[Path]:
    patterns = [
        "lib/python3*/site-packages",
        "lib64/python3*/site-packages",
        "Lib/site-packages",
        "lib/python3*/dist-packages",
        "local/lib/python3*/dist-packages",
        "lib/python3/dist-packages",
    ]
    for pattern in patterns:
        yield from sorted(p for p in prefix.glob(pattern) if p.is_dir())


def _venv_config(config: Path) -> dict[str, str]:
    try:
        lines = config.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return {}
    values = {}
    for line in lines:
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip().lower()] = value.strip()
    return values


def _venv_includes_system_site(config: Path) -> bool:
    return _venv_config(config).get("include-system-site-packages", "").lower() == "true"


def _venv_home(config: Path) -> Path | None:
    home = _venv_config(config).get("home")
    return Path(home) if home else None


def _jax_in(site: Path) -> JaxInstall | None:
    for dist_info in sorted(site.glob("jax-*.dist-info")):
        if not _DIST_INFO.match(dist_info.name):
            continue
        version = _metadata_version(dist_info / "METADATA")
        if version is None:
            continue
        package = site / "jax"
        if not (package / "_src").is_dir():
            package = _editable_source(dist_info) or package
        if (package / "_src").is_dir():
            return JaxInstall(version=version, package_dir=package, site_packages=site)
    return None


def _metadata_version(metadata: Path) -> str | None:
    """``Version:`` from the distribution's METADATA, if it is the ``jax`` distribution."""
    try:
        text = metadata.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    name = version = None
    for line in text.splitlines():
        if not line.strip():
            break  # the headers end at the first blank line; the long description follows
        found = _METADATA_FIELD.match(line)
        if found is None:
            continue
        key = found.group("key").lower()
        if key == "name":
            name = found.group("value").strip()
        elif key == "version":
            version = found.group("value").strip()
    if name is None or name.lower() != "jax" or not version:
        return None
    return version


def _editable_source(dist_info: Path) -> Path | None:
    """An editable install (``pip install -e jax/``) records its checkout in direct_url.json."""
    try:
        data = json.loads((dist_info / "direct_url.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    url = data.get("url") if isinstance(data, dict) else None
    if not isinstance(url, str) or not url.startswith("file:"):
        return None
    checkout = Path(unquote(urlparse(url).path))
    package = checkout / "jax"
    return package if (package / "_src").is_dir() else None
