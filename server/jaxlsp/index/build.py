"""Build the index: one record per raise site (and ``warnings.warn`` call) of a JAX source tree,
written as one bundle file.

The bundle is deterministic (sites sorted by file and line, no timestamps; its
``datasetVersion`` names the JAX version and the index format) so a rebuild from the same JAX
gives the same bytes, which is what the reproducibility test checks.  Records carry facts only:
the message template, its pattern, class, file, line, enclosing function and a pinned link.
JAX's source text stays out of the file; a hover reads it from the user's installed JAX.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jaxlsp.index.extract import (
    RaiseSite,
    SiteKind,
    extract_file,
    with_class_message,
    with_helper_messages,
)
from jaxlsp.index.template import Template, render_message, to_pattern
from jaxlsp.records.match import required_literal
from jaxlsp.records.record import MAX_PATTERN_LENGTH

if TYPE_CHECKING:  # the schema (pydantic) is imported by a build, not by the server's start
    from jaxlsp.records.model import ErrorRecord

#: Bump when the index format or the extraction changes: it is part of every index's
#: ``datasetVersion``, so caches built by an older jaxlsp are rebuilt.
INDEX_FORMAT = 2
#: Tag on every index record (curated records never carry it).
INDEX_TAG = "jax-index"
#: Record field for the enclosing function: ``fn:`` + the dotted name.
FUNCTION_TAG_PREFIX = "fn:"

_RELEASE = re.compile(r"^\d+(?:\.\d+){1,3}$")
_RECORD_VERSION = re.compile(r"^\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.dev|\.post)\d+)?$")
_SLUG_WORD = re.compile(r"[a-z0-9]+")
_SLUG_LENGTH = 50


class IndexSourceError(ValueError):
    """The folder given as JAX's source is not one."""


@dataclass
class FileProblem:
    """A JAX file the index could not read (it is skipped; the rest is indexed)."""

    path: str
    message: str


@dataclass
class IndexBuild:
    """The records of one JAX tree, plus what was counted on the way (for reports)."""

    jax_version: str
    records: list[ErrorRecord]
    #: Raise statements per (file relative to site-packages, kind).
    counts: Counter[tuple[str, SiteKind]] = field(default_factory=Counter)
    #: Raise sites with a message that was too generic to index (no literal of 4+ characters).
    too_generic: Counter[str] = field(default_factory=Counter)
    #: Warning calls (``warnings.warn``) per (file, kind); not counted as raises.
    warning_counts: Counter[tuple[str, SiteKind]] = field(default_factory=Counter)
    problems: list[FileProblem] = field(default_factory=list)
    files: int = 0

    def summary(self, prefix: str = "") -> dict[str, int]:
        """Counts for the files whose path starts with ``prefix`` (e.g. ``jax/_src/pallas/``)."""
        kinds: Counter[str] = Counter()
        for (path, kind), count in self.counts.items():
            if path.startswith(prefix):
                kinds[kind.value] += count
        generic = sum(n for path, n in self.too_generic.items() if path.startswith(prefix))
        ours = [r for r in self.records if r.file_path and r.file_path.startswith(prefix)]
        indexed = sum(1 for r in ours if r.error_type != "warning")
        warnings = sum(n for (path, _), n in self.warning_counts.items() if path.startswith(prefix))
        return {
            "raise": sum(kinds.values()),
            "withMessage": kinds[SiteKind.MESSAGE.value],
            "indexed": indexed,
            "tooGeneric": generic,
            "noMessage": kinds[SiteKind.NO_MESSAGE.value],
            "reraise": kinds[SiteKind.RERAISE.value],
            "computed": kinds[SiteKind.COMPUTED.value],
            "warnings": warnings,
            "warningsIndexed": len(ours) - indexed,
        }


def dataset_version(jax_version: str) -> str:
    return f"jax-{jax_version}+index.{INDEX_FORMAT}"


def resolve_package_dir(path: Path) -> Path:
    """The ``jax`` package folder for a site-packages dir, a JAX checkout or the package.
    Releases before 0.2.1 had no ``_src`` folder: their ``core.py`` and ``api.py`` sat in
    ``jax/`` itself."""
    for candidate in (path, path / "jax"):
        if not (candidate / "__init__.py").is_file():
            continue
        if (candidate / "_src").is_dir() or (
            (candidate / "core.py").is_file() and (candidate / "api.py").is_file()
        ):
            return candidate
    raise IndexSourceError(f"{path} is not a JAX source tree (no jax/_src folder found)")


def read_source_version(package_dir: Path) -> str | None:
    """The version a JAX tree declares in ``jax/version.py``, read as text (never imported)."""
    try:
        text = (package_dir / "version.py").read_text(encoding="utf-8")
    except OSError:
        return None
    for name in ("_release_version", "_version"):
        found = re.search(rf"^{name}(?:\s*:\s*str)?\s*=\s*['\"]([^'\"]+)['\"]", text, re.M)
        if found:
            return found.group(1)
    return None


def iter_source_files(package_dir: Path) -> Iterator[Path]:
    """Every Python file of the package, in a stable order."""
    for path in sorted(package_dir.rglob("*.py")):
        if "__pycache__" not in path.parts and path.is_file():
            yield path


def build_index(package_dir: Path, jax_version: str) -> IndexBuild:
    """Index every raise site under ``package_dir`` (the ``jax`` package folder)."""
    package_dir = resolve_package_dir(package_dir)
    result = IndexBuild(jax_version=jax_version, records=[])
    extracted: list[tuple[str, list[RaiseSite]]] = []
    class_messages: dict[str, Template] = {}
    helper_messages: dict[str, Template] = {}
    ambiguous: set[str] = set()
    ambiguous_helpers: set[str] = set()
    for path in iter_source_files(package_dir):
        relative = "jax/" + path.relative_to(package_dir).as_posix()
        result.files += 1
        try:
            source = path.read_text(encoding="utf-8")
            found = extract_file(source, _module_name(path))
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError) as error:
            result.problems.append(FileProblem(relative, f"{type(error).__name__}: {error}"))
            continue
        extracted.append((relative, found.sites))
        for name, template in found.helper_messages.items():
            if name in helper_messages and helper_messages[name] != template:
                ambiguous_helpers.add(name)
            helper_messages[name] = template
        for name, template in found.class_messages.items():
            if name in class_messages and class_messages[name] != template:
                ambiguous.add(name)  # two classes of one name: we cannot tell which is raised
            class_messages[name] = template
    for name in ambiguous:
        del class_messages[name]
    for name in ambiguous_helpers:
        del helper_messages[name]
    slugs: Counter[str] = Counter()
    for relative, sites in extracted:
        occurrences: Counter[tuple[str | None, str | None, str]] = Counter()
        for raw_site in sites:
            site = with_class_message(
                with_helper_messages(raw_site, helper_messages), class_messages
            )
            if site.warning:
                result.warning_counts[(relative, site.kind)] += 1
            else:
                result.counts[(relative, site.kind)] += 1
            if site.kind is not SiteKind.MESSAGE:
                continue
            record = _record_for(site, relative, jax_version, occurrences, slugs)
            if record is None:
                if not site.warning:
                    result.too_generic[relative] += 1
            else:
                result.records.append(record)
    return result


def _module_name(path: Path) -> str:
    """How other modules name this one: ``stages`` for ``stages.py``, ``pallas`` for
    ``pallas/__init__.py``."""
    return path.parent.name if path.name == "__init__.py" else path.stem


def _record_for(
    site: RaiseSite,
    relative: str,
    jax_version: str,
    occurrences: Counter[tuple[str | None, str | None, str]],
    slugs: Counter[str],
) -> ErrorRecord | None:
    message = render_message(site.template)
    pattern = to_pattern(site.template)
    if required_literal(pattern) is None or len(pattern) > MAX_PATTERN_LENGTH:
        return None  # matching it would cost a regex run on every message for no precision
    key = (site.function, site.error_class, message)
    occurrence = occurrences[key]
    occurrences[key] += 1
    record_id = site_id(relative, site.function, site.error_class, message, occurrence)
    slug = _slug(message, slugs)
    tags = [INDEX_TAG]
    if site.function:
        tags.append(FUNCTION_TAG_PREFIX + site.function)
    fields: dict[str, Any] = {
        "id": record_id,
        "slug": slug,
        "error_message": message,
        "message_pattern": pattern,
        "error_class": site.error_class,
        "file_path": relative,
        "line_number": site.line,
        "tags": tuple(tags),
    }
    if site.warning:
        fields["error_type"] = "warning"
        fields["severity"] = "warning"
    if _RELEASE.match(jax_version):
        fields["github_url"] = source_url(jax_version, relative, site.line)
    if _RECORD_VERSION.match(jax_version):
        fields["jax_versions"] = (jax_version,)
    from jaxlsp.records.model import ErrorRecord  # validates what the build wrote

    return ErrorRecord(**fields)


def site_id(
    file_path: str, function: str | None, error_class: str | None, message: str, occurrence: int
) -> str:
    """Stable across runs and line moves: the site's file, function, class and message (and
    which of several identical raises in that function it is), never its line number."""
    key = "\0".join([file_path, function or "", error_class or "", message, str(occurrence)])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def source_url(jax_version: str, file_path: str, line: int) -> str:
    """The raise site on GitHub, pinned to the release tag."""
    return f"https://github.com/jax-ml/jax/blob/jax-v{jax_version}/{file_path}#L{line}"


def _slug(message: str, seen: Counter[str]) -> str:
    words = _SLUG_WORD.findall(message.casefold().replace("_", "-")) or ["jax", "error"]
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > _SLUG_LENGTH:
            break
        slug = candidate
    slug = slug or words[0][:_SLUG_LENGTH]
    seen[slug] += 1
    return slug if seen[slug] == 1 else f"{slug}-{seen[slug]}"


def dump_index(build: IndexBuild) -> str:
    """The bundle text: one compact record per line, so diffs between versions stay readable."""
    lines = [
        json.dumps(
            record.model_dump(by_alias=True, exclude_unset=True, mode="json"),
            separators=(",", ":"),
            ensure_ascii=False,
        )
        for record in build.records
    ]
    version = json.dumps(dataset_version(build.jax_version))
    return f'{{"datasetVersion":{version},"records":[\n' + ",\n".join(lines) + "\n]}\n"


def write_index(build: IndexBuild, path: Path) -> None:
    """Write atomically: a reader (a server at startup, or a second server building the same
    version) never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only a build writes: the server imports this module at every start

    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temporary = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(dump_index(build))
        temporary.chmod(0o644)  # mkstemp makes it private; an index is data anyone may read
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def index_file_name(jax_version: str) -> str:
    return f"jax-{jax_version}.json"
