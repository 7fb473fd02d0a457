"""The error record as the server and ``jaxlsp check`` hold it: plain, frozen, no pydantic.

``jaxlsp.records.model`` is the schema (pydantic): it validates record files and writes them in
canonical form.  What runs in an editor only reads records, so it holds them as the classes
below, and pydantic is imported only to validate a file that is not known to be valid (see
``jaxlsp.records.load``): importing it and building the model costs the server ≈13 MiB and
≈0.1 s of start-up for nothing when the shipped records were validated when they were built.

The fields, their order and their defaults are the model's; ``tests/records/test_record.py``
keeps the two in step.  A record also remembers which fields its file set, so it can be written
back exactly as the model would (``wire``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal

from jaxlsp.records.safe_regex import PatternError, compile_pattern

SCHEMA_VERSION = 2

#: Upper bound on a messagePattern's length; longer patterns are refused at validation.
MAX_PATTERN_LENGTH = 4_000


def pattern_problem(pattern: str) -> str | None:
    """Why a messagePattern cannot be used, or None.

    Compiling costs ~70 µs a pattern, too much to repeat for thousands of machine-written index
    records at every start, so it is a separate step: the loader runs it on curated records that
    are not known to be valid and ``jaxlsp records validate`` on everything; the matcher compiles
    lazily and skips (and logs) a pattern that does not compile.
    """
    try:
        compile_pattern(pattern)
    except PatternError as error:
        return str(error)
    return None


def source_span_problem(start: int | None, end: int | None) -> str | None:
    """Why sourceCodeStart/sourceCodeEnd do not form a span, or None."""
    if start is not None and end is not None and start > end:
        return f"sourceCodeStart ({start}) is after sourceCodeEnd ({end})"
    return None


def to_camel(name: str) -> str:
    """``error_message`` → ``errorMessage``: the wire name of a field."""
    first, *rest = name.split("_")
    return first + "".join(part.capitalize() for part in rest)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordVariant:
    """The same error as raised by another JAX version or code path (``MessageVariant``)."""

    error_message: str
    message_pattern: str
    error_class: str | None = None
    file_path: str | None = None
    line_number: int | None = None
    jax_versions: tuple[str, ...] = ()
    note: str | None = None
    #: The fields its file set, in field order (what ``wire`` writes).
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def wire(self) -> dict[str, Any]:
        return _wire(self, self.fields_set)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordReproducer:
    """Where the script that really raises the error lives (``Reproducer``)."""

    path: str
    platform: Literal["cpu", "gpu", "tpu"] = "cpu"
    note: str | None = None
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def wire(self) -> dict[str, Any]:
        return _wire(self, self.fields_set)


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """One JAX error: its message, where JAX raises it, why, and how to fix it."""

    id: str
    repo: str = "jax-ml/jax"
    slug: str
    error_code: str | None = None
    error_message: str
    message_pattern: str
    error_type: str = "exception"
    error_class: str | None = None
    http_status: int | None = None
    severity: Literal["error", "warning", "info", "hint"] = "error"
    file_path: str | None = None
    line_number: int | None = None
    source_code: str | None = None
    source_code_start: int | None = None
    source_code_end: int | None = None
    github_url: str | None = None
    documentation: str | None = None
    trigger_scenarios: str | None = None
    common_situations: str | None = None
    solutions: tuple[str, ...] = ()
    example_fix: str | None = None
    handling_strategy: str | None = None
    validation_code: str | None = None
    type_guard: str | None = None
    try_catch_pattern: str | None = None
    prevention_tips: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    background_tag: str | None = None
    related_errors: tuple[str, ...] = ()
    jax_versions: tuple[str, ...] = ()
    apis: tuple[str, ...] = ()
    message_variants: tuple[RecordVariant, ...] = ()
    reproducer: RecordReproducer | None = None
    analyzed_sha: str | None = None
    analyzed_at: str | None = None
    schema_version: Literal[2] = 2
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def has_explanation(self) -> bool:
        """A curated record explains its error; an index record only locates it."""
        return bool(self.documentation)

    def all_patterns(self) -> list[str]:
        """The primary pattern followed by every variant's, in the record's order."""
        return [self.message_pattern, *(v.message_pattern for v in self.message_variants)]

    def all_messages(self) -> list[str]:
        return [self.error_message, *(v.error_message for v in self.message_variants)]

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

    def wire(self) -> dict[str, Any]:
        """The record as its file holds it: camelCase, the fields it set, in field order (what
        the model's ``model_dump(by_alias=True, exclude_unset=True, mode="json")`` gives)."""
        return _wire(self, self.fields_set)


#: Every field of a record, in schema (and wire) order; ``fields_set`` is not one.
RECORD_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Record) if f.name != "fields_set")
#: A field's default, for fields that have one (the others every record sets).
RECORD_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in fields(Record) if f.name != "fields_set" and f.default is not MISSING
}
#: Wire name → field name.
WIRE_NAMES: dict[str, str] = {to_camel(name): name for name in RECORD_FIELDS}
VARIANT_FIELDS = tuple(f.name for f in fields(RecordVariant) if f.name != "fields_set")
REPRODUCER_FIELDS = tuple(f.name for f in fields(RecordReproducer) if f.name != "fields_set")
_VARIANT_WIRE = {to_camel(name): name for name in VARIANT_FIELDS}
_REPRODUCER_WIRE = {to_camel(name): name for name in REPRODUCER_FIELDS}
#: Fields held as tuples (lists on the wire).
_TUPLE_FIELDS = frozenset(
    {"solutions", "prevention_tips", "tags", "related_errors", "jax_versions", "apis"}
)


def _wire(
    item: Record | RecordVariant | RecordReproducer, names: tuple[str, ...]
) -> dict[str, Any]:
    return {to_camel(name): _wire_value(getattr(item, name)) for name in names}


def _wire_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_wire_value(item) for item in value]
    if isinstance(value, RecordVariant | RecordReproducer):
        return value.wire()
    return value


class WireShape:
    """How valid wire records with one key order become field values in schema order: the
    records of a file share one or two key orders, so the work is done once per order."""

    __slots__ = ("_conversions", "_order", "names")

    def __init__(self, keys: tuple[str, ...]) -> None:
        fields = [WIRE_NAMES[key] for key in keys]  # KeyError: not a field
        self._order = sorted(range(len(keys)), key=lambda i: _POSITIONS[fields[i]])
        #: The fields these records set, in schema order.
        self.names: tuple[str, ...] = tuple(fields[i] for i in self._order)
        self._conversions = tuple(
            (position, _CONVERSIONS[name])
            for position, name in enumerate(self.names)
            if name in _CONVERSIONS
        )

    def values(self, wire: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values of ``wire`` (whose keys are this shape's, in its order) for ``names``."""
        given = list(wire.values())
        values = [given[i] for i in self._order]
        for position, convert in self._conversions:
            values[position] = convert(values[position])
        return tuple(values)


def _variant(wire: Mapping[str, Any]) -> RecordVariant:
    values = {_VARIANT_WIRE[name]: value for name, value in wire.items()}
    if "jax_versions" in values:
        values["jax_versions"] = tuple(values["jax_versions"])
    return RecordVariant(**values, fields_set=_in_order(values, VARIANT_FIELDS))


def _reproducer(wire: Mapping[str, Any] | None) -> RecordReproducer | None:
    if wire is None:
        return None
    values = {_REPRODUCER_WIRE[name]: value for name, value in wire.items()}
    return RecordReproducer(**values, fields_set=_in_order(values, REPRODUCER_FIELDS))


_POSITIONS = {name: position for position, name in enumerate(RECORD_FIELDS)}
#: How a field's wire value becomes its value (the others are taken as they are).
_CONVERSIONS: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(_TUPLE_FIELDS, tuple),
    "message_variants": lambda variants: tuple(map(_variant, variants)),
    "reproducer": _reproducer,
}


def field_from_wire(name: str, value: Any) -> Any:
    """Field ``name``'s value as a record holds it, from its wire form (JSON lists and
    objects): tuples, and the variant and reproducer classes."""
    convert = _CONVERSIONS.get(name)
    return value if convert is None else convert(value)


def _in_order(names: Collection[str], order: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in the order of ``order`` (a class's fields)."""
    return tuple(name for name in order if name in names)


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
    "pattern_problem",
    "record_from_values",
    "source_span_problem",
    "to_camel",
]
