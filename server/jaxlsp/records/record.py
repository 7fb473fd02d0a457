"""The error record as the server and ``jaxlsp check`` hold it: plain, frozen, no pydantic.

``jaxlsp.records.model`` is the schema (pydantic): it validates record files and writes them in
canonical form.  What runs in an editor only reads records, so it holds them as the classes
below, and pydantic is imported only to validate a file that is not known to be valid (see
``jaxlsp.records.load``): the shipped records were validated when they were built.

The classes' fields (names, order, types, defaults, wire names) are generated from the model
into ``jaxlsp.records.recordtypes`` (``python -m jaxlsp.records.codegen``; a test fails while
that file is stale), so the schema is written once; this module adds the behaviour.  A record
also remembers which fields its file set, so it can be written back exactly as the model would
(``wire``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from typing import Any

from jaxlsp.records.recordbase import MAX_PATTERN_LENGTH, RecordPart, source_span_problem
from jaxlsp.records.recordtypes import RecordFields, RecordReproducer, RecordVariant
from jaxlsp.records.safe_regex import PatternError, compile_pattern


def pattern_problem(pattern: str) -> str | None:
    """Why a messagePattern cannot be used, or None.

    Compiling every pattern is too slow to repeat for thousands of machine-written index
    records at every start, so it is a separate step: the loader runs it on curated records that
    are not known to be valid and ``jaxlsp records validate`` on everything; the matcher compiles
    lazily and skips (and logs) a pattern that does not compile.
    """
    try:
        compile_pattern(pattern)
    except PatternError as error:
        return str(error)
    return None


class Record(RecordFields):
    """One JAX error: its message, where JAX raises it, why, and how to fix it."""

    __slots__ = ()

    @property
    def has_explanation(self) -> bool:
        """A curated record explains its error; an index record only locates it."""
        return bool(self.documentation)

    def all_patterns(self) -> list[str]:
        """The primary pattern followed by every variant's, in the record's order."""
        return [self.message_pattern, *(v.message_pattern for v in self.message_variants)]

    def pattern_problems(self) -> list[tuple[str, str]]:
        """(wire field, reason) for every pattern of this record that cannot be compiled."""
        names = ["messagePattern"] + [
            f"messageVariants.{i}.messagePattern" for i in range(len(self.message_variants))
        ]
        return [
            (name, problem)
            for name, pattern in zip(names, self.all_patterns(), strict=True)
            if (problem := pattern_problem(pattern)) is not None
        ]


def _field_names(part: type[RecordPart]) -> tuple[str, ...]:
    return tuple(part.WIRE_NAMES)


#: Every field of a record, in schema (and wire) order; ``fields_set`` is not one.
RECORD_FIELDS: tuple[str, ...] = _field_names(Record)
#: A field's default, for fields that have one (the others every record sets).
RECORD_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in fields(Record) if f.name != "fields_set" and f.default is not MISSING
}
#: Wire name → field name.
WIRE_NAMES: dict[str, str] = {wire: name for name, wire in Record.WIRE_NAMES.items()}
#: The schema version every record of this schema has.
SCHEMA_VERSION: int = RECORD_DEFAULTS["schema_version"]
VARIANT_FIELDS = _field_names(RecordVariant)
REPRODUCER_FIELDS = _field_names(RecordReproducer)


class WireShape:
    """How valid wire records with one key order become field values in schema order: the
    records of a file share one or two key orders, so the work is done once per order."""

    __slots__ = ("_conversions", "_order", "names")

    def __init__(self, keys: tuple[str, ...]) -> None:
        fields = [WIRE_NAMES[key] for key in keys]  # KeyError: not a field
        self._order = sorted(range(len(keys)), key=lambda i: _POSITIONS[fields[i]])
        #: The fields these records set, in schema order.
        self.names: tuple[str, ...] = tuple(fields[i] for i in self._order)
        conversions = _conversions(Record)
        self._conversions = tuple(
            (position, conversions[name])
            for position, name in enumerate(self.names)
            if name in conversions
        )

    def values(self, wire: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values of ``wire`` (whose keys are this shape's, in its order) for ``names``."""
        given = list(wire.values())
        values = [given[i] for i in self._order]
        for position, convert in self._conversions:
            values[position] = convert(values[position])
        return tuple(values)


_POSITIONS = {name: position for position, name in enumerate(RECORD_FIELDS)}


_CONVERSIONS: dict[type[RecordPart], dict[str, Callable[[Any], Any]]] = {}
_WIRE_TO_FIELD: dict[type[RecordPart], dict[str, str]] = {}


def _conversions(part: type[RecordPart]) -> dict[str, Callable[[Any], Any]]:
    """How each field of ``part`` that is not taken as it is on the wire becomes its value:
    lists become tuples, objects the part classes (read from the generated tables)."""
    if (known := _CONVERSIONS.get(part)) is not None:
        return known
    found: dict[str, Callable[[Any], Any]] = dict.fromkeys(part.TUPLE_FIELDS, tuple)
    for name, nested in part.PART_FIELDS.items():
        if name in part.TUPLE_FIELDS:
            found[name] = functools.partial(_parts_from_wire, nested)
        else:
            found[name] = functools.partial(_optional_part_from_wire, nested)
    _CONVERSIONS[part] = found
    return found


def _wire_to_field(part: type[RecordPart]) -> dict[str, str]:
    if (known := _WIRE_TO_FIELD.get(part)) is None:
        known = _WIRE_TO_FIELD[part] = {wire: name for name, wire in part.WIRE_NAMES.items()}
    return known


def part_from_wire(part: type[RecordPart], wire: Mapping[str, Any]) -> Any:
    """An instance of ``part`` (a variant, a reproducer) from its valid wire form."""
    names, conversions = _wire_to_field(part), _conversions(part)
    values = {names[key]: value for key, value in wire.items()}
    for name, convert in conversions.items():
        if name in values:
            values[name] = convert(values[name])
    ordered = tuple(name for name in part.WIRE_NAMES if name in values)
    constructor: Callable[..., Any] = part
    return constructor(**values, fields_set=ordered)


def _parts_from_wire(part: type[RecordPart], items: list[Mapping[str, Any]]) -> tuple[Any, ...]:
    return tuple(part_from_wire(part, item) for item in items)


def _optional_part_from_wire(part: type[RecordPart], wire: Mapping[str, Any] | None) -> Any:
    return None if wire is None else part_from_wire(part, wire)


def field_from_wire(name: str, value: Any) -> Any:
    """Field ``name``'s value as a record holds it, from its wire form (JSON lists and
    objects): tuples, and the variant and reproducer classes."""
    convert = _conversions(Record).get(name)
    return value if convert is None else convert(value)


def record_from_values(values: Mapping[str, Any]) -> Record:
    """A record from field values in schema order (``WireShape``'s, or a validated model's)."""
    return Record(**values, fields_set=tuple(values))


__all__ = [
    "MAX_PATTERN_LENGTH",
    "RECORD_DEFAULTS",
    "RECORD_FIELDS",
    "REPRODUCER_FIELDS",
    "SCHEMA_VERSION",
    "VARIANT_FIELDS",
    "WIRE_NAMES",
    "Record",
    "RecordReproducer",
    "RecordVariant",
    "WireShape",
    "field_from_wire",
    "part_from_wire",
    "pattern_problem",
    "record_from_values",
    "source_span_problem",
]
