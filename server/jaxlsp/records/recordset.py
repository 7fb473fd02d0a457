"""The records loaded from files, as the loader (``load``) and the schema check (``validate``)
both make them: a set of records with the problems found, each record kept packed until asked
for (see ``load``'s docstring, "Memory").

Why its own module: ``load`` hands a file the manifest does not list to ``validate``, which
fills one of these; both import it from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from jaxlsp.records.record import RECORD_DEFAULTS, Record, RecordVariant

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
