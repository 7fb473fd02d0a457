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
    for path, _ in _record_files(paths):
        yield path


def _record_files(paths: Iterable[Path]) -> Iterator[tuple[Path, str | None]]:
    """``iter_record_files``' files, each with its real path where the listing tells it
    without asking the file system again (else None).

    A folder without subfolders (``data/records``: the first document waits for it) is
    listed with one ``os.scandir``, which says which entries are links: the real path of any
    other entry is the folder's own (resolved once) joined with its name.  ``rglob`` and a
    ``realpath`` per file cost 4 ms of that wait on 180 files, against 0.6 ms.  Any other
    folder is walked with ``rglob`` as before (same files, same order)."""
    for path in paths:
        if not path.is_dir():
            if path.exists():
                yield path, None
            continue
        flat = _flat_listing(path)
        if flat is None:
            yield from ((p, None) for p in sorted(p for p in path.rglob("*.json") if p.is_file()))
        else:
            yield from flat


def _flat_listing(folder: Path) -> list[tuple[Path, str | None]] | None:
    """The ``*.json`` files of ``folder`` in name order, each with its real path (None for a
    link), as ``sorted(folder.rglob("*.json"))`` finds them; None when ``folder`` holds a
    folder (or a link to one) or cannot be listed."""
    found: list[tuple[str, bool]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():  # follows links: a link to a folder is one too
                    return None
                if entry.name.endswith(".json") and entry.is_file():
                    found.append((entry.name, entry.is_symlink()))
        prefix = os.path.realpath(folder) + os.sep  # strings, as data_relative reads them
    except OSError:
        return None
    found.sort()
    return [(folder / name, None if link else prefix + name) for name, link in found]


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
    reading = _Reading()  # what the files share
    files = _record_files(paths if paths is not None else default_record_paths())
    with gc_paused():  # one hold for all the files (one each cost 1.5 ms of 180 files)
        for path, real in files:
            result.extend(
                _load_file(
                    path,
                    real,
                    reading,
                    compile_patterns=compile_patterns,
                    trust_manifest=trust_manifest,
                )
            )
    return result


def load_file(
    path: Path, *, compile_patterns: bool = True, trust_manifest: bool = True
) -> RecordSet:
    """Load one record file; problems are collected, never raised."""
    with gc_paused():
        return _load_file(
            path,
            None,
            _Reading(),
            compile_patterns=compile_patterns,
            trust_manifest=trust_manifest,
        )


class _Reading:
    """What the listed files of one ``load_records`` share: the wire shapes by key order (the
    180 curated files have eight) and the packer (its shapes by field set)."""

    __slots__ = ("packer", "shapes")

    def __init__(self) -> None:
        self.shapes: dict[tuple[str, ...], WireShape] = {}
        self.packer = Packer()


def _load_file(
    path: Path,
    real: str | None,
    reading: _Reading,
    *,
    compile_patterns: bool,
    trust_manifest: bool,
) -> RecordSet:
    """``load_file``, given the file's real path when its listing told it (``_record_files``)
    and what the files read so far share.  The caller holds the collector off (``gc_paused``):
    the records are thousands of small containers that live as long as the set."""
    result = RecordSet()
    try:
        raw = _read_regular(path)
    except OSError as error:
        result.problems.append(LoadProblem(path, f"cannot read: {error.strerror or error}"))
        return result
    if isinstance(raw, str):
        result.problems.append(LoadProblem(path, raw))
        return result
    pretty = raw[:2] in (b"{\n", b"{\r")
    if trust_manifest and is_listed(path, raw, real):
        known = _load_listed(path, raw, pretty, reading)
        if known is not None:
            return known
    from jaxlsp.records.validate import load_validated  # pydantic: only for unlisted files

    result = load_validated(path, raw, pretty)
    _check_patterns(path, result, enabled=compile_patterns and not _is_index(path))
    return result


def _read_regular(path: Path) -> bytes | str:
    """The bytes of the regular file at ``path``, or why it is not read (a message).

    One descriptor for the check and the read (``Path.stat`` then ``read_bytes`` cost twice
    as much on the 180 curated files the first document waits for).  Opened without blocking:
    a FIFO is refused, not waited on; a device (``/dev/zero``) would never end."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            return "not a regular file"
        if status.st_size > MAX_FILE_BYTES:
            return f"file is {status.st_size:,} bytes; the limit is {MAX_FILE_BYTES:,}"
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, max(status.st_size + 1 - size, 1 << 16)):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_FILE_BYTES:  # it grew since
                return f"file is over {MAX_FILE_BYTES:,} bytes, the limit"
        return b"".join(chunks)
    finally:
        os.close(descriptor)


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


def data_relative(path: Path, real: str | None = None) -> str | None:
    """``path`` relative to the packaged data folder (``records/x.json``), or None outside it.
    ``real``: its real path, when the caller knows it (``_record_files``).

    ``os.path`` on strings, not ``pathlib`` (``Path.resolve`` is the same ``realpath``): the
    server asks it for each shipped file while the first document waits for the records, and
    pathlib's objects cost 8 ms of that wait on 171 files, against 2.5 ms."""
    folder = str(_resolved(packaged_data_dir()))
    if real is None:
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


def is_listed(path: Path, raw: bytes, real: str | None = None) -> bool:
    """Whether ``raw``, read from ``path`` (whose real path is ``real`` when known), is a
    shipped file as the manifest lists it (so each of its records validated when the manifest
    was written)."""
    digests = _listed_digests()
    if not digests:
        return False
    relative = data_relative(path, real)
    return relative is not None and digests.get(relative) == file_digest(raw)


def _load_listed(path: Path, raw: bytes, pretty: bool, reading: _Reading) -> RecordSet | None:
    """A listed file's records, read with ``json`` alone; None when its shape is not one this
    reads (then it is validated like any other file)."""
    result = RecordSet()
    packer, shapes = reading.packer, reading.shapes
    try:
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
