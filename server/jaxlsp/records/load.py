"""Load and validate record files, keeping every valid record when some are bad.

A record file holds either one envelope (``{"record": {...}, "datasetVersion": ...}``, the seed
format) or a bundle (``{"datasetVersion": ..., "records": [{...}, ...]}``, used for the generated
index).  Every problem is reported with its file, record id and field; loading never stops at the
first bad record.

Memory: a record that explains nothing (an index record: message, pattern, raise site) is kept
packed, as the tuple of the values its file sets, and rebuilt as an ``ErrorRecord`` only when
asked for (``LoadedRecord.record``).  The shipped index (≈5,500 records) costs ≈12 MiB as
pydantic models and ≈4 MiB packed, and the server reads whole index records only to explain an
error; lookups by id, slug and API, and the matcher, read the packed values directly.
"""

from __future__ import annotations

import functools
import json
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, NotRequired, Required, cast

from pydantic import AfterValidator, ConfigDict, TypeAdapter, ValidationError
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict

from jaxlsp.analysis.gcpause import gc_paused
from jaxlsp.records.model import ErrorRecord, MessageVariant, RecordFile, source_span_problem

#: A record file larger than this is refused unread (a hostile or broken file, not a record).
MAX_FILE_BYTES = 64 * 1024 * 1024

_ENVELOPE = TypeAdapter(RecordFile)
_RECORD = TypeAdapter(ErrorRecord)

#: Every field of a record, in model (and wire) order.
_FIELD_NAMES: tuple[str, ...] = tuple(ErrorRecord.model_fields)
#: A rebuilt record's ``__dict__`` before its set fields are filled in: every field in model
#: order, with its default (required fields, always set by a packed record, hold None).
_TEMPLATE: dict[str, Any] = {
    name: None if info.is_required() else info.default
    for name, info in ErrorRecord.model_fields.items()
}
_object_setattr = object.__setattr__


@functools.cache
def _fast_bundle() -> TypeAdapter[Any]:
    """A bundle validator that checks each record exactly as ``ErrorRecord`` does (the same
    annotated fields, generated from the model, and the same span check) but returns a dict of
    the fields the file sets, not a model: no defaults filled in, no 37-entry ``__dict__`` per
    record.  Built on first use (the server loads records after ``initialize``).

    It only decides acceptance on the fast path; every reported problem comes from validating
    the record as an ``ErrorRecord`` (``load_file`` falls back to that on any error).
    """
    config = ConfigDict(alias_generator=to_camel, extra="forbid")
    fields: dict[str, Any] = {}
    for name, info in ErrorRecord.model_fields.items():
        annotation: Any = info.annotation
        if info.metadata:
            annotation = Annotated[(annotation, *info.metadata)]
        fields[name] = Required[annotation] if info.is_required() else NotRequired[annotation]
    make: Any = TypedDict  # a TypedDict built from the model's fields, which mypy cannot follow
    record = make("_RecordFields", fields)
    record.__pydantic_config__ = config
    checked: Any = Annotated[record, AfterValidator(_span_is_ordered)]
    bundle = make(
        "_BundleFields",
        {"records": Required[list[checked]], "dataset_version": NotRequired[str | None]},
    )
    bundle.__pydantic_config__ = config
    return TypeAdapter(bundle)


def _span_is_ordered(fields: dict[str, Any]) -> dict[str, Any]:
    problem = source_span_problem(fields.get("source_code_start"), fields.get("source_code_end"))
    if problem is not None:
        raise ValueError(problem)
    return fields


#: Fields whose values repeat across index records (one JAX version; the same function tag
#: for each raise site in a function): the records of a file share one tuple per value.
_SHARED_FIELDS = frozenset({"tags", "jax_versions", "apis"})


class _Shape:
    """Which fields a packed record sets, in model order: one object per distinct set of fields
    in a file (an index bundle has one or two), shared by its records."""

    __slots__ = ("id_at", "names", "positions", "shared")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.positions = {name: position for position, name in enumerate(names)}
        self.shared = tuple(p for p, name in enumerate(names) if name in _SHARED_FIELDS)
        self.id_at = self.positions["id"]


class _Packer:
    """Packs the records of one file, sharing shapes and repeated values between them."""

    __slots__ = ("_shapes", "_values")

    def __init__(self) -> None:
        self._shapes: dict[tuple[str, ...], _Shape] = {}
        self._values: dict[Any, Any] = {}

    def model(self, record: ErrorRecord, path: Path, pretty: bool) -> LoadedRecord:
        """Packed when ``record`` explains nothing (an index record), else holding the model."""
        if record.has_explanation:
            return LoadedRecord(record, path, pretty)
        fields_set = record.model_fields_set
        names = tuple(name for name in _FIELD_NAMES if name in fields_set)
        values = record.__dict__
        return self._pack(names, tuple([values[name] for name in names]), path, pretty)

    def fields(self, fields: dict[str, Any], path: Path, pretty: bool) -> LoadedRecord:
        """From the fast path's validated fields: snake_case names, only those the file sets,
        in model order (the validator writes them in schema order, whatever the file's)."""
        item = self._pack(tuple(fields), tuple(fields.values()), path, pretty)
        if fields.get("documentation"):
            return LoadedRecord(item.record, path, pretty)
        return item

    def _pack(
        self, names: tuple[str, ...], values: tuple[Any, ...], path: Path, pretty: bool
    ) -> LoadedRecord:
        shape = self._shapes.get(names)
        if shape is None:
            shape = self._shapes[names] = _Shape(names)
        if shape.shared:
            shared = list(values)
            for position in shape.shared:
                value = shared[position]
                shared[position] = self._values.setdefault(value, value)
            values = tuple(shared)
        return LoadedRecord._packed(shape, values, path, pretty)


def _unpack(shape: _Shape, values: tuple[Any, ...]) -> ErrorRecord:
    """The model a packed record came from: what ``ErrorRecord.model_construct`` builds from
    already validated values (the same ``__dict__``, fields set, no extras), at a tenth of its
    cost.  ``tests/records/test_packed.py`` checks it against validation and model_construct."""
    fields = _TEMPLATE.copy()
    fields.update(zip(shape.names, values, strict=True))
    record = ErrorRecord.__new__(ErrorRecord)
    _object_setattr(record, "__dict__", fields)
    _object_setattr(record, "__pydantic_fields_set__", set(shape.names))
    _object_setattr(record, "__pydantic_extra__", None)
    _object_setattr(record, "__pydantic_private__", None)
    return record


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

    Built from a model it keeps the model; built by the loader from a record that explains
    nothing it keeps only the set fields' values (see the module docstring), and ``record``
    builds a fresh, equal model on each access.  The accessors below read a field either way
    without building one.
    """

    __slots__ = ("_id", "_model", "_path", "_pretty", "_shape", "_values")

    def __init__(self, record: ErrorRecord, path: Path, pretty: bool = False) -> None:
        self._id = record.id
        self._model: ErrorRecord | None = record
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
        item._model = None
        item._shape = shape
        item._values = values
        item._path = path
        item._pretty = pretty
        return item

    @classmethod
    def of(cls, record: ErrorRecord, path: Path, pretty: bool = False) -> LoadedRecord:
        """Packed when ``record`` explains nothing (an index record), else holding the model."""
        return _Packer().model(record, path, pretty)

    @property
    def record(self) -> ErrorRecord:
        """The record as a model (a packed one is rebuilt on each call: ≈3–6 µs)."""
        if self._model is not None:
            return self._model
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
        return self._model is None

    def value(self, name: str) -> Any:
        """The field ``name`` (snake_case) of the record, without building a model."""
        if self._model is not None:
            return getattr(self._model, name)
        assert self._shape is not None
        position = self._shape.positions.get(name)
        if position is not None:
            return self._values[position]
        if name not in _TEMPLATE:
            raise AttributeError(f"ErrorRecord has no field {name!r}")
        return _TEMPLATE[name]

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
    def message_variants(self) -> tuple[MessageVariant, ...]:
        return cast(tuple[MessageVariant, ...], self.value("message_variants"))

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
        if self._model is not None:
            record = self._model
            found = [(record.error_message, record.message_pattern)]
            found += [(v.error_message, v.message_pattern) for v in record.message_variants]
            return found
        found = [(self.error_message, self.message_pattern)]
        found += [(v.error_message, v.message_pattern) for v in self.message_variants]
        return found

    @property
    def has_explanation(self) -> bool:
        """As ``ErrorRecord.has_explanation`` (a packed record never has one)."""
        return self._model is not None and self._model.has_explanation

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
    def records(self) -> list[ErrorRecord]:
        """Every record as a model, in load order.  Packed index records are rebuilt on each
        call (≈30 ms and ≈12 MiB for the shipped index, until dropped): lookups use ``get``,
        ``for_api`` and ``ids``, and ``Matcher(record_set)`` reads the packed values."""
        return [item.record for item in self.loaded]

    def get(self, id_or_slug: str) -> ErrorRecord | None:
        """A record by id, or by slug when no id matches."""
        if (item := self._by_id.get(id_or_slug)) is not None:
            return item.record
        return next((i.record for i in self.loaded if i.slug == id_or_slug), None)

    def origin(self, record_id: str) -> LoadedRecord | None:
        return self._by_id.get(record_id)

    def ids(self) -> frozenset[str]:
        """Every record's id, without building any record."""
        return frozenset(self._by_id)

    def for_api(self, qualified: str) -> list[ErrorRecord]:
        """The records that list the API ``qualified`` (a qualified name such as
        ``jax.jit``): records that explain their error first, then in load order."""
        return [item.record for item in self.loaded_for_api(qualified)]

    def loaded_for_api(self, qualified: str) -> list[LoadedRecord]:
        """``for_api`` without building the models: a hover renders only the first few of
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
    packer = _Packer()
    if raw.lstrip()[:1] == b"{" and b'"records"' in raw[:4096]:
        try:
            # The fast path for big bundles: parse and validate in pydantic-core in one go,
            # into the set fields only (no model per record; see ``_fast_bundle``).
            with gc_paused():
                bundle = _fast_bundle().validate_json(raw, by_alias=True, by_name=False)
        except ValidationError:
            pass  # fall through: find the bad records one by one and keep the rest
        else:
            with gc_paused():
                for fields in bundle["records"]:
                    result.add(packer.fields(fields, path, pretty))
            del bundle
            _check_patterns(path, result, enabled=compile_patterns and not _is_index(path))
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
                result.add(packer.model(record, path, pretty))
    elif isinstance(document, dict) and "record" in document:
        try:
            envelope = _ENVELOPE.validate_python(document, by_alias=True, by_name=False)
        except ValidationError as error:
            result.problems.extend(_problems_from(path, document.get("record"), error, skip=1))
            return result
        result.add(packer.model(envelope.record, path, pretty))
    else:
        result.problems.append(
            LoadProblem(path, 'expected {"record": {...}} or {"records": [...]} at the top level')
        )
        return result
    _check_patterns(path, result, enabled=compile_patterns and not _is_index(path))
    return result


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
