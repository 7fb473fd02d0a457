"""A result cache for ``jaxlsp check``, so an unchanged file is not analysed again.

An entry is keyed by what decides the result: jaxlsp's own code (version, plus the size and
modification time of its source files, so an edited rule in a development install never reads a
stale entry), the records' content, the installed JAX's version and those of the libraries whose
installed source the rules read (``installed_names``: a name flax or optax removed is a finding
only where the installed release lacks it), and what the checker says of the
file (its text, where it is, its module name, the folders its imports are looked for in). It
holds only while every workspace module the analysis read has the text it had, and every file
an import of those modules was looked for in and not found is still absent (``import_footprint``):
two identical files importing different helpers never share a result, and a module created
since is read.  It stores the engine's findings before any ``[tool.jaxlsp]`` filtering, which
is applied to a hit as to a fresh result, so changing the config needs no new analysis.

Entries are small JSON files under ``$XDG_CACHE_HOME/jaxlsp/check`` (default ``~/.cache``),
written atomically (a temporary file, then a rename) so parallel workers never read half an
entry. A missing, unreadable or corrupt entry is a miss, never an error: the cache can only make
``check`` faster, never change what it reports.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.metadata
import json
import os
import sys
import tempfile
import weakref
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jaxlsp import __version__
from jaxlsp.apis import installed_names
from jaxlsp.findings import AssumedTarget, Finding, Position, RelatedLocation, Span
from jaxlsp.infer.workspace import SourceModule, Workspace
from jaxlsp.records.load import RecordSet
from jaxlsp.syntax.walk import statements

#: Bump when the entry format changes.
FORMAT = 5
PACKAGE_ROOT = Path(__file__).resolve().parent


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jaxlsp" / "check"


def code_digest(root: Path = PACKAGE_ROOT) -> str:
    """jaxlsp's version, the Python it runs on (which syntax it parses) and the (path, size,
    mtime) of every source file of the package."""
    python = ".".join(map(str, sys.version_info[:2]))
    digest = hashlib.sha256(f"{__version__}:{FORMAT}:{python}".encode())
    for path in sorted(root.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def records_digest(records: RecordSet) -> str:
    """The content of every loaded record, in id order."""
    digest = hashlib.sha256()
    for item in sorted(records.loaded, key=lambda item: item.id):
        digest.update(item.content_key().encode())
    return digest.hexdigest()


def jax_version() -> str:
    """The installed JAX's version, read from its metadata (never imported); "none" without."""
    try:
        return importlib.metadata.version("jax")
    except importlib.metadata.PackageNotFoundError:
        return "none"


def library_versions() -> str:
    """Each library whose installed source the rules read (``installed_names.LIBRARIES``):
    where it is and its release ("none" where it is not installed).  Why: an upgrade that adds
    or removes a name changes what jax-module-attribute-missing finds in an unchanged file."""
    return ",".join(
        f"{package}={installed_names.installed_version(package) or 'none'}"
        f"@{installed_names.package_root(package)}"
        for package in installed_names.LIBRARIES
    )


@dataclass(frozen=True)
class ImportFootprint:
    """What an analysis's imports found on disk: the module files (present) and every file
    looked for before them, or for an import that found nothing (absent)."""

    present: tuple[str, ...]
    absent: tuple[str, ...]


def import_footprint(workspace: Workspace, modules: Iterable[SourceModule]) -> ImportFootprint:
    """Every import statement of ``modules`` (anywhere in them, run or not) resolved as the
    workspace resolves it: over-approximating what the analysis read can only cost a hit.
    Each module version's share is worked out once per process (``jaxlsp check`` analyses
    many files reading the same modules); a file created since is caught by the next run,
    which finds it present where the entry says absent."""
    present: dict[str, None] = {}
    absent: dict[str, None] = {}
    for module in modules:
        found = _FOOTPRINTS.get(module)
        if found is None:
            found = _FOOTPRINTS[module] = _module_footprint(workspace, module)
        present.update(dict.fromkeys(found.present))
        absent.update(dict.fromkeys(found.absent))
    return ImportFootprint(tuple(present), tuple(absent))


#: Each module version's footprint (a ``SourceModule`` is one version of a module's text).
_FOOTPRINTS: weakref.WeakKeyDictionary[SourceModule, ImportFootprint] = weakref.WeakKeyDictionary()


def _module_footprint(workspace: Workspace, module: SourceModule) -> ImportFootprint:
    present: dict[str, None] = {}
    absent: dict[str, None] = {}
    for name in sorted(_imported_names(module)):
        for path, _ in workspace.candidates(name, module):
            try:
                exists = path.is_file()
            except (OSError, ValueError):
                exists = False
            if exists:
                present[str(path.resolve())] = None
                break
            absent[str(path)] = None
    return ImportFootprint(tuple(present), tuple(absent))


def _imported_names(module: SourceModule) -> set[str]:
    """The absolute module names ``module``'s imports ask for, with their parent packages
    (``from a import b`` may import the module ``a.b``)."""
    names: set[str] = set()
    for chunk in module.parsed.chunks:
        for node in statements(chunk.tree.body):
            asked: list[str] = []
            if isinstance(node, ast.Import):
                asked = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = Workspace.absolute_name(node.module or "", node.level, module)
                if base is None:
                    continue
                asked = [base, *(f"{base}.{a.name}" for a in node.names if a.name != "*")]
            for name in asked:
                parts = name.split(".")
                names.update(".".join(parts[: end + 1]) for end in range(len(parts)))
    return names


@dataclass(frozen=True)
class CachedResult:
    findings: tuple[Finding, ...]
    problem: str | None
    #: Findings the file causes in other modules (see ``FileReport.elsewhere``).
    elsewhere: tuple[Finding, ...]
    #: Where the problem is (0-based line and column), when it is at a place.
    problem_at: Position | None = None


class CheckCache:
    """Findings (or a parse problem) per checked file (its text and place), for one jaxlsp
    build, record set, JAX and installed flax and optax; an entry also names the workspace
    modules the analysis read and the files its imports did not find, and holds only while
    they are as they were."""

    def __init__(self, records: RecordSet, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else default_cache_dir()
        salt = f"{code_digest()}:{records_digest(records)}:{jax_version()}:{library_versions()}"
        self._salt = salt.encode()
        self.hits = 0
        self.misses = 0
        self._digests: dict[tuple[str, int, int], str] = {}

    def _entry(self, source: str) -> Path:
        key = hashlib.sha256(self._salt + b"\0" + source.encode("utf-8", "surrogatepass"))
        name = key.hexdigest()
        return self.folder / name[:2] / f"{name}.json"

    def _digest(self, path: str) -> str:
        """The content digest of a module file, read once per version (size and mtime)."""
        status = Path(path).stat()
        stamp = (path, status.st_size, status.st_mtime_ns)
        if (known := self._digests.get(stamp)) is None:
            known = self._digests[stamp] = _digest_of(Path(path))
        return known

    def get(self, source: str) -> CachedResult | None:
        """The stored result for this text, or None on a miss (or when a module it read
        changed since)."""
        try:
            data = json.loads(self._entry(source).read_text(encoding="utf-8"))
            found = tuple(_finding(item) for item in data["findings"])
            elsewhere = tuple(_finding(item) for item in data["elsewhere"])
            problem = data["problem"]
            if problem is not None and not isinstance(problem, str):
                raise TypeError("problem must be a string")
            at = data["problemAt"]
            problem_at = Position(int(at[0]), int(at[1])) if at is not None else None
            for path, digest in data["dependencies"].items():
                if self._digest(path) != digest:
                    raise ValueError("a dependency changed")
            for path in data["absent"]:
                if Path(path).is_file():
                    raise ValueError("a module looked for and not found exists now")
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.misses += 1
            return None
        self.hits += 1
        return CachedResult(found, problem, elsewhere, problem_at)

    def put(
        self,
        source: str,
        findings: tuple[Finding, ...],
        problem: str | None,
        elsewhere: tuple[Finding, ...] = (),
        dependencies: Iterable[str] = (),
        problem_at: Position | None = None,
        absent: Iterable[str] = (),
    ) -> None:
        """Store a result, which holds while the files ``dependencies`` keep their content and
        those ``absent`` stay absent; a cache that cannot be written is silently skipped."""
        entry = self._entry(source)
        try:
            digests = {path: self._digest(path) for path in sorted(set(dependencies))}
        except OSError:
            return
        payload = json.dumps(
            {
                "findings": [asdict(f) for f in findings],
                "elsewhere": [asdict(f) for f in elsewhere],
                "problem": problem,
                "problemAt": None if problem_at is None else [problem_at.line, problem_at.column],
                "dependencies": digests,
                "absent": sorted(set(absent)),
            }
        )
        with contextlib.suppress(OSError):
            entry.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(payload)
                Path(temporary).replace(entry)
            except OSError:
                with contextlib.suppress(OSError):
                    Path(temporary).unlink()
                raise


def _digest_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _span(data: Any) -> Span:
    return Span(
        Position(int(data["start"]["line"]), int(data["start"]["column"])),
        Position(int(data["end"]["line"]), int(data["end"]["column"])),
    )


def _finding(data: Any) -> Finding:
    return Finding(
        code=str(data["code"]),
        record_id=str(data["record_id"]),
        rule=str(data["rule"]),
        message=str(data["message"]),
        span=_span(data["span"]),
        severity=data["severity"],
        related=tuple(
            RelatedLocation(_span(item["span"]), str(item["message"]), item.get("path"))
            for item in data["related"]
        ),
        fix_titles=tuple(str(title) for title in data["fix_titles"]),
        path=data.get("path"),
        assumes_target=_assumed_target(data.get("assumes_target")),
    )


def _assumed_target(value: object) -> AssumedTarget | None:
    """A stored finding's assumed chip; anything else stored there makes the entry a miss."""
    if value is None:
        return None
    if value == "tpu":
        return "tpu"
    raise ValueError(f"unknown assumed target {value!r}")
