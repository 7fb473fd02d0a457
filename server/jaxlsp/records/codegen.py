"""Write the runtime record classes' fields from the schema, so there is one schema to edit.

    python -m jaxlsp.records.codegen          # rewrite server/jaxlsp/records/recordtypes.py
    python -m jaxlsp.records.codegen --check  # exit 1 when that file is not what it would write

The schema is ``jaxlsp.records.model`` (pydantic): it validates and writes record files.  The
server and ``jaxlsp check`` hold records as plain frozen dataclasses and never import pydantic
for the shipped data, so the dataclasses' fields (names, order, types, defaults, wire names,
which are tuples and which hold nested parts) are generated from the model into
``jaxlsp.records.recordtypes``, committed, and checked by a test; ``jaxlsp.records.record``
adds the behaviour.  Change the model, run this, commit both.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from jaxlsp.records.model import ErrorRecord, MessageVariant, Reproducer

#: The generated module.
TARGET = Path(__file__).with_name("recordtypes.py")
#: Each schema model and the name of its runtime class, nested parts before what holds them.
CLASSES: tuple[tuple[type[BaseModel], str], ...] = (
    (MessageVariant, "RecordVariant"),
    (Reproducer, "RecordReproducer"),
    (ErrorRecord, "RecordFields"),
)

_HEADER = '''\
"""The runtime record classes' fields, generated from ``jaxlsp.records.model``: do not edit.

Regenerate with ``python -m jaxlsp.records.codegen`` after changing the model (a test fails
while this file is not what it writes).  ``jaxlsp.records.record`` builds on these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from jaxlsp.records.recordbase import RecordPart
'''


class UnsupportedField(TypeError):
    """A model field whose type the generator cannot write as a plain, frozen value."""


def render(classes: Sequence[tuple[type[BaseModel], str]] = CLASSES) -> str:
    """The generated module's source for ``classes`` (schema model, runtime class name)."""
    names = {model: name for model, name in classes}
    blocks = [_HEADER]
    for model, name in classes:
        blocks.append(_render_class(model, name, names))
    exported = ", ".join(f'"{name}"' for name in sorted(names.values()))
    blocks.append(f"\n__all__ = [{exported}]\n")
    return "\n".join(blocks)


def _render_class(model: type[BaseModel], name: str, names: dict[type[BaseModel], str]) -> str:
    summary = " ".join((model.__doc__ or "").strip().split("\n\n", 1)[0].split())
    tuples: list[str] = []
    parts: dict[str, str] = {}
    wire_names: dict[str, str] = {}
    fields: list[str] = []
    for field_name, info in model.model_fields.items():
        where = f"{model.__name__}.{field_name}"
        wire_names[field_name] = info.alias or field_name
        annotation = _annotation(info.annotation, names, where)
        if typing.get_origin(info.annotation) is tuple:
            tuples.append(field_name)
        if (part := _part(info.annotation, names)) is not None:
            parts[field_name] = part
        default = "" if info.is_required() else f" = {_literal(info.default, where)}"
        fields.append(f"    {field_name}: {annotation}{default}")
    docstring = textwrap.fill(
        f'"""{summary.rstrip(".")} (generated from ``{model.__name__}``)."""',
        width=100,
        initial_indent="    ",
        subsequent_indent="    ",
    )
    if "\n" in docstring:
        docstring = docstring.removesuffix('"""') + '\n    """'
    lines = [
        "",
        "@dataclass(frozen=True, slots=True, kw_only=True)",
        f"class {name}(RecordPart):",
        docstring,
        "",
        _assignment(
            "WIRE_NAMES: ClassVar[dict[str, str]]",
            [f'"{key}": "{value}"' for key, value in wire_names.items()],
            "{}",
        ),
        _assignment("TUPLE_FIELDS: ClassVar[tuple[str, ...]]", [f'"{n}"' for n in tuples], "()"),
        _assignment(
            "PART_FIELDS: ClassVar[dict[str, type[RecordPart]]]",
            [f'"{key}": {value}' for key, value in parts.items()],
            "{}",
        ),
        "",
        *fields,
        "    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)",
    ]
    return "\n".join(lines) + "\n"


def _assignment(target: str, items: list[str], brackets: str) -> str:
    """A class-level collection as ``ruff format`` writes it: empty, a one-item tuple on one
    line, else one item a line with a trailing comma."""
    opening, closing = brackets[0], brackets[1]
    if not items:
        return f"    {target} = {brackets}"
    if len(items) == 1 and brackets == "()":
        return f"    {target} = ({items[0]},)"
    body = "".join(f"        {item},\n" for item in items)
    return f"    {target} = {opening}\n{body}    {closing}"


def _annotation(annotation: Any, names: dict[type[BaseModel], str], where: str) -> str:
    """``annotation`` as source, without pydantic's constraints (``Annotated`` metadata)."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is typing.Annotated:
        return _annotation(arguments[0], names, where)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_annotation(argument, names, where) for argument in arguments)
    if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
        return f"tuple[{_annotation(arguments[0], names, where)}, ...]"
    if origin is typing.Literal:
        return f"Literal[{', '.join(_literal(argument, where) for argument in arguments)}]"
    if annotation is type(None):
        return "None"
    if annotation in (str, int, float, bool):
        return str(annotation.__name__)
    if isinstance(annotation, type) and annotation in names:
        return names[annotation]
    raise UnsupportedField(
        f"{where}: cannot generate a runtime field of type {annotation!r}; the runtime records "
        "hold str, int, float, bool, None, Literal, tuple[X, ...], unions of those and the "
        "models in CLASSES (extend jaxlsp.records.codegen for another)"
    )


def _part(annotation: Any, names: dict[type[BaseModel], str]) -> str | None:
    """The runtime class of the nested model a field holds (alone, optional or in a tuple)."""
    if isinstance(annotation, type) and annotation in names:
        return names[annotation]
    for argument in typing.get_args(annotation):
        if (found := _part(argument, names)) is not None:
            return found
    return None


def _literal(value: Any, where: str) -> str:
    """A default or a Literal member as source (immutable values only: they are shared)."""
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a Python literal, in ruff's quotes
    if isinstance(value, tuple) and not value:
        return "()"
    raise UnsupportedField(f"{where}: cannot generate the default {value!r} (not immutable)")


def is_current(target: Path = TARGET) -> bool:
    try:
        return target.read_text(encoding="utf-8") == render()
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is stale")
    parser.add_argument("--output", type=Path, default=TARGET, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.check:
        if is_current(args.output):
            return 0
        sys.stderr.write(
            f"{args.output} is not what the schema gives; run python -m jaxlsp.records.codegen\n"
        )
        return 1
    args.output.write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
