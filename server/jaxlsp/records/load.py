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
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from jaxlsp.gcpause import gc_paused
from jaxlsp.records.record import RECORD_DEFAULTS, Record, RecordVariant, WireShape

#: A record file larger than this is refused unread (a hostile or broken file, not a record).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The shipped data's list of files known to be valid, by SHA-256 (in ``packaged_data_dir()``).
MANIFEST_NAME = "manifest.json"
MANIFEST_FORMAT = 1


#: Fields whose values repeat across index records (one JAX version; the same function tag
#: for each raise site in a function, one class and file for many sites): the records of a
#: file share one object per value.
_SHARED_FIELDS = frozenset({"tags", "jax_versions", "apis", "error_class", "file_path"})


class _Shape:
    """Which fields a packed record sets, in model order: one object per distinct set of fields
    in a file (an index bundle has one or two), shared by its records."""

    __slots__ = ("documentation_at", "id_at", "names", "positions", "shared")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.positions = {name: position for position, name in enumerate(names)}
        self.shared = tuple(p for p, name in enumerate(names) if name in _SHARED_FIELDS)
        self.id_at = self.positions["id"]
        self.documentation_at = self.positions.get("documentation")


class Packer:
    """Packs the records of one file, sharing shapes and repeated values between them."""

    __slots__ = ("_shapes", "_values")

    def __init__(self) -> None:
        self._shapes: dict[tuple[str, ...], _Shape] = {}
        self._values: dict[Any, Any] = {}

    def add(self, values: dict[str, Any], path: Path, pretty: bool) -> LoadedRecord:
        """A loaded record from the field values its file sets, in schema order and already
        as a ``Record`` holds them: packed unless it explains its error."""
        return self.add_values(tuple(values), tuple(values.values()), path, pretty)

    def add_values(
        self, names: tuple[str, ...], packed: tuple[Any, ...], path: Path, pretty: bool
    ) -> LoadedRecord:
        """``add`` with the names and the values apart (as ``WireShape`` gives them)."""
        shape = self._shapes.get(names)
        if shape is None:
            shape = self._shapes[names] = _Shape(names)
        if shape.documentation_at is not None and packed[shape.documentation_at]:
            record = Record(**dict(zip(names, packed, strict=True)), fields_set=names)
            return LoadedRecord(record, path, pretty)
        if shape.shared:
            shared = list(packed)
            for position in shape.shared:
                value = shared[position]
                shared[position] = self._values.setdefault(value, value)
            packed = tuple(shared)
        return LoadedRecord._packed(shape, packed, path, pretty)


def _unpack(shape: _Shape, values: tuple[Any, ...]) -> Record:
    """The record a packed one came from (``tests/records/test_packed.py`` checks it against
    the record built from the validated file)."""
    return Record(**dict(zip(shape.names, values, strict=True)), fields_set=shape.names)


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


class LoadedRecord:
    """A valid record, the file it came from, and that file's style.

    Built from a ``Record`` it keeps it; built by the loader from a record that explains
    nothing it keeps only the set fields' values (see the module docstring), and ``record``
    builds a fresh, equal ``Record`` on each access.  The accessors below read a field either
    way without building one.
    """

    __slots__ = ("_id", "_path", "_pretty", "_record", "_shape", "_values")

    def __init__(self, record: Record, path: Path, pretty: bool = False) -> None:
        self._id = record.id
        self._record: Record | None = record
        self._shape: _Shape | None = None
        self._values: tuple[Any, ...] = ()
        self._path = path
        #: True when the file was indented (data/records style), False for the seed style.
        self._pretty = pretty

    @classmethod
    def _packed(
        cls, shape: _Shape, values: tuple[Any, ...], path: Path, pretty: bool
    ) -> LoadedRecord:
        item = cls.__new__(cls)
        item._id = values[shape.id_at]
        item._record = None
        item._shape = shape
        item._values = values
        item._path = path
        item._pretty = pretty
        return item

    @classmethod
    def of(cls, record: Record, path: Path, pretty: bool = False) -> LoadedRecord:
        """Packed when ``record`` explains nothing (an index record), else holding it."""
        values = {name: getattr(record, name) for name in record.fields_set}
        return Packer().add(values, path, pretty)

    @property
    def record(self) -> Record:
        """The record (a packed one is rebuilt on each call)."""
        if self._record is not None:
            return self._record
        assert self._shape is not None
        return _unpack(self._shape, self._values)

    @property
    def path(self) -> Path:
        return self._path

    @property
    def pretty(self) -> bool:
        return self._pretty

    @property
    def packed(self) -> bool:
        """True when only the set fields' values are kept (see the class docstring)."""
        return self._record is None

    def value(self, name: str) -> Any:
        """The field ``name`` (snake_case) of the record, without unpacking it."""
        if self._record is not None:
            return getattr(self._record, name)
        assert self._shape is not None
        position = self._shape.positions.get(name)
        if position is not None:
            return self._values[position]
        if name not in RECORD_DEFAULTS:
            raise AttributeError(f"a record has no field {name!r}")
        return RECORD_DEFAULTS[name]

    @property
    def id(self) -> str:
        return self._id

    @property
    def slug(self) -> str:
        return cast(str, self.value("slug"))

    @property
    def error_message(self) -> str:
        return cast(str, self.value("error_message"))

    @property
    def message_pattern(self) -> str:
        return cast(str, self.value("message_pattern"))

    @property
    def message_variants(self) -> tuple[RecordVariant, ...]:
        return cast(tuple[RecordVariant, ...], self.value("message_variants"))

    @property
    def error_class(self) -> str | None:
        return cast(str | None, self.value("error_class"))

    @property
    def file_path(self) -> str | None:
        return cast(str | None, self.value("file_path"))

    @property
    def line_number(self) -> int | None:
        return cast(int | None, self.value("line_number"))

    @property
    def apis(self) -> tuple[str, ...]:
        return cast(tuple[str, ...], self.value("apis"))

    def messages_and_patterns(self) -> list[tuple[str, str]]:
        """(message, pattern) of the record, then of each variant, in the record's order."""
        if self._record is not None:
            record = self._record
            found = [(record.error_message, record.message_pattern)]
            found += [(v.error_message, v.message_pattern) for v in record.message_variants]
            return found
        found = [(self.error_message, self.message_pattern)]
        found += [(v.error_message, v.message_pattern) for v in self.message_variants]
        return found

    def content_key(self) -> str:
        """Text that changes whenever the record's content does (cache keys), read from the
        packed values when it is packed (not building every index record)."""
        if self._record is not None:
            return repr(self._record.wire())
        assert self._shape is not None
        return repr((self._shape.names, self._values))

    @property
    def has_explanation(self) -> bool:
        """As ``Record.has_explanation`` (a packed record never has one)."""
        return self._record is not None and self._record.has_explanation

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LoadedRecord):
            return NotImplemented
        return (self._path, self._pretty, self.record) == (other._path, other._pretty, other.record)

    def __hash__(self) -> int:
        return hash((self.record, self._path, self._pretty))

    def __repr__(self) -> str:
        return f"LoadedRecord(record={self.record!r}, path={self._path!r}, pretty={self._pretty!r})"


@dataclass
class RecordSet:
    """Every valid record, where it came from, and what could not be loaded."""

    loaded: list[LoadedRecord] = field(default_factory=list)
    problems: list[LoadProblem] = field(default_factory=list)
    _by_id: dict[str, LoadedRecord] = field(default_factory=dict, repr=False)
    #: Qualified API name → the records listing it, with the ``loaded`` list and length it
    #: was built from (built on first use; any change to ``loaded`` makes it stale).
    _by_api: tuple[list[LoadedRecord], int, dict[str, list[LoadedRecord]]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def records(self) -> list[Record]:
        """Every record, in load order.  Packed index records are rebuilt on each
        call (thousands for the shipped index, held until dropped): lookups use ``get``,
        ``for_api`` and ``ids``, and ``Matcher(record_set)`` reads the packed values."""
        return [item.record for item in self.loaded]

    def get(self, id_or_slug: str) -> Record | None:
        """A record by id, or by slug when no id matches, or by a former slug (an alias)."""
        if (item := self._by_id.get(id_or_slug)) is not None:
            return item.record
        found = next((i.record for i in self.loaded if i.slug == id_or_slug), None)
        if found is None:
            found = next(
                (i.record for i in self.loaded if id_or_slug in i.value("slug_aliases")), None
            )
        return found

    def origin(self, record_id: str) -> LoadedRecord | None:
        return self._by_id.get(record_id)

    def ids(self) -> frozenset[str]:
        """Every record's id, without building any record."""
        return frozenset(self._by_id)

    def for_api(self, qualified: str) -> list[Record]:
        """The records that list the API ``qualified`` (a qualified name such as
        ``jax.jit``): records that explain their error first, then in load order."""
        return [item.record for item in self.loaded_for_api(qualified)]

    def loaded_for_api(self, qualified: str) -> list[LoadedRecord]:
        """``for_api`` without building the records: a hover renders only the first few of
        the hundreds of index records an API like ``jax.jit`` has."""
        cached, loaded = self._by_api, self.loaded
        if cached is not None and cached[0] is loaded and cached[1] == len(loaded):
            lookup = cached[2]
        else:
            lookup = {}
            for item in sorted(loaded, key=lambda item: not item.has_explanation):
                for api in dict.fromkeys(item.apis):
                    lookup.setdefault(api, []).append(item)
            self._by_api = (loaded, len(loaded), lookup)
        return list(lookup.get(qualified, ()))

    def add(self, item: LoadedRecord) -> None:
        record_id = item.id
        earlier = self._by_id.get(record_id)
        if earlier is not None:
            self.problems.append(
                LoadProblem(
                    item.path,
                    f"duplicate id: already defined in {earlier.path}; this copy is ignored",
                    record_id=record_id,
                    field="id",
                )
            )
            return
        self._by_id[record_id] = item
        self.loaded.append(item)

    def remove(self, record_id: str) -> None:
        if self._by_id.pop(record_id, None) is not None:
            self.loaded = [item for item in self.loaded if item.id != record_id]

    def extend(self, other: RecordSet) -> None:
        for item in other.loaded:
            self.add(item)
        self.problems.extend(other.problems)


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
    """``path`` relative to the packaged data folder (``records/x.json``), or None outside it."""
    try:
        return path.resolve().relative_to(_resolved(packaged_data_dir())).as_posix()
    except (OSError, ValueError):
        return None


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
