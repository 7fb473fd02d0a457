"""Load and validate record files, keeping every valid record when some are bad.

A record file holds either one envelope (``{"record": {...}, "datasetVersion": ...}``, the seed
format) or a bundle (``{"datasetVersion": ..., "records": [{...}, ...]}``, used for the generated
index).  Every problem is reported with its file, record id and field; loading never stops at the
first bad record.
"""

from __future__ import annotations

import gc
import json
import stat
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic.alias_generators import to_camel

from jaxlsp.records.model import ErrorRecord, RecordFile

#: A record file larger than this is refused unread (a hostile or broken file, not a record).
MAX_FILE_BYTES = 64 * 1024 * 1024

_ENVELOPE = TypeAdapter(RecordFile)
_RECORD = TypeAdapter(ErrorRecord)


class _Bundle(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, extra="forbid")
    records: list[ErrorRecord]
    dataset_version: str | None = None


_BUNDLE = TypeAdapter(_Bundle)


@dataclass(frozen=True)
class LoadProblem:
    """Why one file or record was not loaded, precise enough to fix it without searching."""

    path: Path
    message: str
    record_id: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = [str(self.path)]
        if self.record_id:
            where.append(f"record {self.record_id}")
        if self.field:
            where.append(f"field {self.field}")
        return f"{': '.join(where)}: {self.message}"


@dataclass(frozen=True)
class LoadedRecord:
    record: ErrorRecord
    path: Path
    #: True when the file was indented (data/records style), False for the compact seed style.
    pretty: bool = False


@dataclass
class RecordSet:
    """Every valid record, where it came from, and what could not be loaded."""

    loaded: list[LoadedRecord] = field(default_factory=list)
    problems: list[LoadProblem] = field(default_factory=list)
    _by_id: dict[str, LoadedRecord] = field(default_factory=dict, repr=False)

    @property
    def records(self) -> list[ErrorRecord]:
        return [item.record for item in self.loaded]

    def get(self, id_or_slug: str) -> ErrorRecord | None:
        """A record by id, or by slug when no id matches."""
        if (item := self._by_id.get(id_or_slug)) is not None:
            return item.record
        return next((r for r in self.records if r.slug == id_or_slug), None)

    def origin(self, record_id: str) -> LoadedRecord | None:
        return self._by_id.get(record_id)

    def add(self, item: LoadedRecord) -> None:
        earlier = self._by_id.get(item.record.id)
        if earlier is not None:
            self.problems.append(
                LoadProblem(
                    item.path,
                    f"duplicate id: already defined in {earlier.path}; this copy is ignored",
                    record_id=item.record.id,
                    field="id",
                )
            )
            return
        self._by_id[item.record.id] = item
        self.loaded.append(item)

    def remove(self, record_id: str) -> None:
        if self._by_id.pop(record_id, None) is not None:
            self.loaded = [item for item in self.loaded if item.record.id != record_id]

    def extend(self, other: RecordSet) -> None:
        for item in other.loaded:
            self.add(item)
        self.problems.extend(other.problems)


def packaged_data_dir() -> Path:
    """The ``data/`` folder: inside the wheel as ``jaxlsp/_data``, else the source checkout's."""
    bundled = Path(str(resources.files("jaxlsp"))) / "_data"
    if bundled.is_dir():
        return bundled
    return Path(__file__).resolve().parents[3] / "data"


def default_record_paths() -> list[Path]:
    """Curated records first, so they win over index records when ids collide."""
    data = packaged_data_dir()
    return [data / "records", data / "index"]


def iter_record_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Every ``*.json`` file under the given files and folders, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        elif path.exists():
            yield path


def load_records(
    paths: Sequence[Path] | None = None, *, compile_patterns: bool = True
) -> RecordSet:
    """Load every record file under ``paths`` (default: the packaged data).

    ``compile_patterns=False`` skips compiling each pattern at load; index files (which hold
    thousands of machine-written patterns) are always loaded that way.
    """
    result = RecordSet()
    for path in iter_record_files(paths if paths is not None else default_record_paths()):
        result.extend(load_file(path, compile_patterns=compile_patterns))
    return result


def load_file(path: Path, *, compile_patterns: bool = True) -> RecordSet:
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
    if raw.lstrip()[:1] == b"{" and b'"records"' in raw[:4096]:
        try:
            # The fast path for big bundles: parse and validate in pydantic-core in one go.
            with _gc_paused():
                bundle = _BUNDLE.validate_json(raw, by_alias=True, by_name=False)
        except ValidationError:
            pass  # fall through: find the bad records one by one and keep the rest
        else:
            for record in bundle.records:
                result.add(LoadedRecord(record, path, pretty))
            _check_patterns(
                path, result.records, result, enabled=compile_patterns and not _is_index(path)
            )
            return result
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        result.problems.append(LoadProblem(path, f"not valid JSON: {error}"))
        return result
    if isinstance(document, dict) and isinstance(document.get("records"), list):
        for item in document["records"]:
            try:
                record = _RECORD.validate_python(item, by_alias=True, by_name=False)
            except ValidationError as error:
                result.problems.extend(_problems_from(path, item, error, skip=0))
            else:
                result.add(LoadedRecord(record, path, pretty))
    elif isinstance(document, dict) and "record" in document:
        try:
            envelope = _ENVELOPE.validate_python(document, by_alias=True, by_name=False)
        except ValidationError as error:
            result.problems.extend(_problems_from(path, document.get("record"), error, skip=1))
            return result
        result.add(LoadedRecord(envelope.record, path, pretty))
    else:
        result.problems.append(
            LoadProblem(path, 'expected {"record": {...}} or {"records": [...]} at the top level')
        )
        return result
    _check_patterns(path, result.records, result, enabled=compile_patterns and not _is_index(path))
    return result


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Building thousands of small objects triggers the cyclic GC over and over for nothing
    (records hold no cycles); pausing it halves the load time of a large bundle."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _is_index(path: Path) -> bool:
    """Generated index files: their patterns are compiled by the index build and its test."""
    return path.parent.name == "index"


def _check_patterns(
    path: Path, records: list[ErrorRecord], result: RecordSet, *, enabled: bool
) -> None:
    """Report (and drop) records whose patterns do not compile."""
    if not enabled:
        return
    for record in records:
        problems = record.pattern_problems()
        for field_name, reason in problems:
            result.problems.append(LoadProblem(path, reason, record_id=record.id, field=field_name))
        if problems:
            result.remove(record.id)


def _problems_from(
    path: Path, raw_record: Any, error: ValidationError, *, skip: int
) -> list[LoadProblem]:
    """One problem per pydantic error, naming the wire (camelCase) field path."""
    record_id = raw_record.get("id") if isinstance(raw_record, dict) else None
    problems = []
    for detail in error.errors(include_url=False):
        location = [str(part) for part in detail["loc"][skip:]]
        problems.append(
            LoadProblem(
                path,
                detail["msg"],
                record_id=record_id if isinstance(record_id, str) else None,
                field=".".join(location) or None,
            )
        )
    return problems
