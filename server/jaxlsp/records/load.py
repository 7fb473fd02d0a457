"""Load record files, keeping every valid record when some are bad.

A record file holds either one envelope (``{"record": {...}, "datasetVersion": ...}``, the seed
format) or a bundle (``{"datasetVersion": ..., "records": [{...}, ...]}``, used for the generated
index).  Every problem is reported with its file, record id and field; loading never stops at the
first bad record.

Two ways in.  A file of the shipped data whose SHA-256 the data's manifest lists
(``data/manifest.json``, written by ``jaxlsp records manifest`` once every record of the file
validated, checked by ``jaxlsp records validate``) is known to be valid: it is read with
``json`` alone, a bundle one record at a time.  Any other file (the user's records, an index
built for another JAX, a shipped file edited since) is validated against the schema
(``jaxlsp.records.validate``, which imports pydantic only then).  Either way records are held as
``jaxlsp.records.record.Record``: the server never imports pydantic for the shipped data.

Memory: a record that explains nothing (an index record: message, pattern, raise site) is kept
packed, as the tuple of the values its file sets, and rebuilt as a ``Record`` only when asked for
(``LoadedRecord.record``).  Lookups by id, slug and API, and the matcher, read the packed values
directly.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from jaxlsp.gcpause import gc_paused
from jaxlsp.records.record import WireShape
from jaxlsp.records.recordset import LoadedRecord as LoadedRecord
from jaxlsp.records.recordset import LoadProblem as LoadProblem
from jaxlsp.records.recordset import Packer as Packer
from jaxlsp.records.recordset import RecordSet as RecordSet

#: A record file larger than this is refused unread (a hostile or broken file, not a record).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The shipped data's list of files known to be valid, by SHA-256 (in ``packaged_data_dir()``).
MANIFEST_NAME = "manifest.json"
MANIFEST_FORMAT = 1


@functools.cache
def packaged_data_dir() -> Path:
    """The ``data/`` folder: inside the wheel as ``jaxlsp/_data``, else the source checkout's."""
    bundled = Path(__file__).resolve().parents[1] / "_data"  # not importlib.resources: tempfile
    if bundled.is_dir():
        return bundled
    return Path(__file__).resolve().parents[3] / "data"


def curated_records_dir() -> Path:
    """The records that explain their errors: all that the rules and their findings read."""
    return packaged_data_dir() / "records"


def default_record_paths() -> list[Path]:
    """Curated records first, so they win over index records when ids collide."""
    return [curated_records_dir(), packaged_data_dir() / "index"]


def iter_record_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Every ``*.json`` file under the given files and folders, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        elif path.exists():
            yield path


def load_records(
    paths: Sequence[Path] | None = None,
    *,
    compile_patterns: bool = True,
    trust_manifest: bool = True,
) -> RecordSet:
    """Load every record file under ``paths`` (default: the packaged data).

    ``compile_patterns=False`` skips compiling each pattern at load; index files (which hold
    thousands of machine-written patterns) are always loaded that way, and so are the files the
    manifest lists.  ``trust_manifest=False`` validates every file against the schema, listed
    or not (``jaxlsp records validate`` and ``manifest``).
    """
    result = RecordSet()
    for path in iter_record_files(paths if paths is not None else default_record_paths()):
        result.extend(
            load_file(path, compile_patterns=compile_patterns, trust_manifest=trust_manifest)
        )
    return result


def load_file(
    path: Path, *, compile_patterns: bool = True, trust_manifest: bool = True
) -> RecordSet:
    """Load one record file; problems are collected, never raised."""
    result = RecordSet()
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A FIFO or a device (/dev/zero) would block or never end: never read one.
            result.problems.append(LoadProblem(path, "not a regular file"))
            return result
        size = status.st_size
        if size > MAX_FILE_BYTES:
            result.problems.append(
                LoadProblem(path, f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
            )
            return result
        raw = path.read_bytes()
    except OSError as error:
        result.problems.append(LoadProblem(path, f"cannot read: {error.strerror or error}"))
        return result
    pretty = raw[:2] in (b"{\n", b"{\r")
    if trust_manifest and is_listed(path, raw):
        known = _load_listed(path, raw, pretty)
        if known is not None:
            return known
    from jaxlsp.records.validate import load_validated  # pydantic: only for unlisted files

    result = load_validated(path, raw, pretty)
    _check_patterns(path, result, enabled=compile_patterns and not _is_index(path))
    return result


# the manifest --------------------------------------------------------------------------------
def manifest_path() -> Path:
    return packaged_data_dir() / MANIFEST_NAME


@functools.cache
def _listed_digests() -> dict[str, str]:
    """The manifest's SHA-256 by path relative to the data folder (empty when it is missing or
    unreadable: then every file is validated)."""
    try:
        document = json.loads(manifest_path().read_bytes())
        files = document["files"] if document.get("format") == MANIFEST_FORMAT else {}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {str(name): str(digest) for name, digest in files.items()}


def data_relative(path: Path) -> str | None:
    """``path`` relative to the packaged data folder (``records/x.json``), or None outside it.

    ``os.path`` on strings, not ``pathlib`` (``Path.resolve`` is the same ``realpath``): the
    server asks it for each shipped file while the first document waits for the records, and
    pathlib's objects cost 8 ms of that wait on 171 files, against 2.5 ms."""
    folder = str(_resolved(packaged_data_dir()))
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    if not real.startswith(folder + os.sep):
        return None
    return real[len(folder) + 1 :].replace(os.sep, "/")


@functools.lru_cache(maxsize=4)
def _resolved(folder: Path) -> Path:
    return folder.resolve()


def file_digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def is_listed(path: Path, raw: bytes) -> bool:
    """Whether ``raw``, read from ``path``, is a shipped file as the manifest lists it (so each
    of its records validated when the manifest was written)."""
    digests = _listed_digests()
    if not digests:
        return False
    relative = data_relative(path)
    return relative is not None and digests.get(relative) == file_digest(raw)


def _load_listed(path: Path, raw: bytes, pretty: bool) -> RecordSet | None:
    """A listed file's records, read with ``json`` alone; None when its shape is not one this
    reads (then it is validated like any other file)."""
    result = RecordSet()
    packer = Packer()
    shapes: dict[tuple[str, ...], WireShape] = {}
    try:
        with gc_paused():
            for wire in _file_records(raw.decode("utf-8")):
                keys = tuple(wire)
                shape = shapes.get(keys)
                if shape is None:
                    shape = shapes[keys] = WireShape(keys)
                result.add(packer.add_values(shape.names, shape.values(wire), path, pretty))
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    return result


_BUNDLE_HEAD = '"records":[\n'


def _file_records(text: str) -> Iterator[dict[str, Any]]:
    """The wire records of a file.  A bundle as the index writes it (one record a line) is
    read a record at a time: the whole document as dicts would be megabytes of garbage a
    moment later."""
    first_line = text.find("\n")
    if not text.startswith("{") or not text[: first_line + 1].endswith(_BUNDLE_HEAD):
        document = json.loads(text)
        if "records" in document:
            yield from document["records"]
        else:
            yield document["record"]
        return
    decoder: Any = json.JSONDecoder()  # its scanner is not in the type stubs
    scan: Callable[[str, int], tuple[Any, int]] = decoder.scan_once  # json.loads' C scanner
    position = first_line + 1
    while not text.startswith("]}", position):
        try:
            record, position = scan(text, position)
        except StopIteration:
            raise ValueError(f"not a record at character {position}") from None
        if text.startswith(",\n", position):
            position += 2
        elif text.startswith("\n", position):
            position += 1
        else:
            raise ValueError(f"unexpected text at character {position}")
        yield record


def write_manifest(records: RecordSet | None = None) -> dict[str, str]:
    """List in the manifest every shipped file whose records all validate (with their patterns);
    returns what it wrote.  ``records``: the shipped data loaded with ``trust_manifest=False``."""
    if records is None:
        records = load_records(trust_manifest=False)
    return _write_manifest(_valid_files(records))


def stale_manifest_entries(records: RecordSet) -> list[str]:
    """Why the manifest does not match the shipped files that validate (empty when it does).
    ``records``: the shipped data loaded with ``trust_manifest=False``."""
    wanted = _valid_files(records)
    listed = _read_manifest_fresh()
    problems = [
        f"{name}: {'changed since' if name in listed else 'missing from'} {MANIFEST_NAME}"
        for name, digest in wanted.items()
        if listed.get(name) != digest
    ]
    problems += [
        f"{name}: in {MANIFEST_NAME} but not a valid shipped file"
        for name in listed
        if name not in wanted
    ]
    return problems


def _valid_files(records: RecordSet) -> dict[str, str]:
    """Digest by data-relative path of each shipped file with at least one record and no
    problem."""
    broken = {problem.path for problem in records.problems}
    files: dict[str, str] = {}
    for path in dict.fromkeys(item.path for item in records.loaded):  # a bundle: once
        relative = data_relative(path)
        if relative is not None and path not in broken:
            files[relative] = file_digest(path.read_bytes())
    return dict(sorted(files.items()))


def _read_manifest_fresh() -> dict[str, str]:
    _listed_digests.cache_clear()
    return _listed_digests()


def _write_manifest(files: dict[str, str]) -> dict[str, str]:
    document = {"format": MANIFEST_FORMAT, "files": files}
    manifest_path().write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    _listed_digests.cache_clear()
    return files


def _is_index(path: Path) -> bool:
    """Generated index files: their patterns are compiled by the index build and its test."""
    return path.parent.name == "index"


def _check_patterns(path: Path, result: RecordSet, *, enabled: bool) -> None:
    """Report (and drop) records whose patterns do not compile."""
    if not enabled:
        return
    for record in result.records:
        problems = record.pattern_problems()
        for field_name, reason in problems:
            result.problems.append(LoadProblem(path, reason, record_id=record.id, field=field_name))
        if problems:
            result.remove(record.id)
