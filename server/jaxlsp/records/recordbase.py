"""What the generated runtime record classes share, and the constraints the schema shares with them.

The runtime classes (``jaxlsp.records.recordtypes``) are generated from the schema
(``jaxlsp.records.model``) by ``python -m jaxlsp.records.codegen``; this module is what the
generated code and the schema import, so it must not import either of them.
"""

from __future__ import annotations

from typing import Any, ClassVar

#: Upper bound on a messagePattern's length; longer patterns are refused at validation.
MAX_PATTERN_LENGTH = 4_000


def source_span_problem(start: int | None, end: int | None) -> str | None:
    """Why sourceCodeStart/sourceCodeEnd do not form a span, or None."""
    if start is not None and end is not None and start > end:
        return f"sourceCodeStart ({start}) is after sourceCodeEnd ({end})"
    return None


class RecordPart:
    """A record, or a part of one (a message variant, a reproducer), as the runtime holds it.

    Each generated class says, from the schema, how its fields are named on the wire, which are
    tuples (lists on the wire) and which hold other parts; the instance remembers which fields
    its file set, so it writes back exactly what the model would dump.
    """

    __slots__ = ()

    #: Field name → wire (camelCase) name, every field in schema order.
    WIRE_NAMES: ClassVar[dict[str, str]]
    #: Fields held as tuples.
    TUPLE_FIELDS: ClassVar[tuple[str, ...]]
    #: Fields holding parts (alone or, for a tuple field, as its items), and the parts' class.
    PART_FIELDS: ClassVar[dict[str, type[RecordPart]]]
    #: The fields its file set, in schema order (a dataclass field of every generated class).
    fields_set: tuple[str, ...]

    def wire(self) -> dict[str, Any]:
        """As its file holds it: camelCase, the fields it set, in field order (what the model's
        ``model_dump(by_alias=True, exclude_unset=True, mode="json")`` gives)."""
        names = self.WIRE_NAMES
        return {names[name]: _wire_value(getattr(self, name)) for name in self.fields_set}


def _wire_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_wire_value(item) for item in value]
    if isinstance(value, RecordPart):
        return value.wire()
    return value


__all__ = ["MAX_PATTERN_LENGTH", "RecordPart", "source_span_problem"]
