"""The runtime record classes are generated from the schema, so nobody edits two copies.

``jaxlsp.records.codegen`` writes ``jaxlsp.records.recordtypes`` from the pydantic models; these
tests keep the committed file current (as the README's tables are kept), and check that the
generator follows a model it has never seen: its fields, types, defaults, wire names, tuples and
nested parts, and records read through the generated tables that dump as the model does.
"""

from __future__ import annotations

import inspect
import sys
import types
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

from jaxlsp.records import codegen
from jaxlsp.records.model import ErrorRecord, _WireModel
from jaxlsp.records.record import Record, part_from_wire
from jaxlsp.records.recordbase import RecordPart


def test_the_committed_record_classes_are_what_the_schema_gives() -> None:
    """After a change to ``jaxlsp.records.model``: ``python -m jaxlsp.records.codegen``."""
    assert codegen.TARGET.read_text(encoding="utf-8") == codegen.render()
    assert codegen.main(["--check"]) == 0


def test_the_runtime_record_declares_no_field_of_its_own() -> None:
    """Its fields are the generated ones: ``record.py`` adds behaviour only."""
    assert not inspect.get_annotations(Record)
    assert Record.__slots__ == ()
    assert tuple(f.name for f in fields(Record)) == (*ErrorRecord.model_fields, "fields_set")


class _Extra(_WireModel):
    """A part no record has."""

    display_name: str
    count: int = 3
    kinds: tuple[Literal["a", "b"], ...] = ()
    weight: float | None = None


class _Changed(_WireModel):
    """A record schema with fields the shipped one lacks.

    Only the first paragraph becomes the generated docstring.
    """

    title: Annotated[str, Field(pattern="^x")]
    extras: tuple[_Extra, ...] = ()
    one_extra: _Extra | None = None
    flag: bool = False
    label: str = 'a "quoted" default'


def _generate(classes: tuple[tuple[type[BaseModel], str], ...], tmp_path: Path) -> Any:
    """The generated source for ``classes``, imported as a module."""
    name = f"jaxlsp_generated_{tmp_path.name.replace('-', '_')}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses read ClassVar annotations through it
    try:
        exec(compile(codegen.render(classes), f"{name}.py", "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def test_the_generator_follows_a_model_it_has_not_seen(tmp_path: Path) -> None:
    module = _generate(((_Extra, "ExtraPart"), (_Changed, "ChangedFields")), tmp_path)
    extra, changed = module.ExtraPart, module.ChangedFields
    assert issubclass(changed, RecordPart) and issubclass(extra, RecordPart)
    for model, generated in ((_Extra, extra), (_Changed, changed)):
        declared = [f for f in fields(generated) if f.name != "fields_set"]
        assert [f.name for f in declared] == list(model.model_fields)
        for item in declared:
            info = model.model_fields[item.name]
            wanted = MISSING if info.is_required() else info.default
            assert item.default == wanted, item.name
        assert {n: i.alias for n, i in model.model_fields.items()} == generated.WIRE_NAMES
    assert changed.TUPLE_FIELDS == ("extras",) and extra.TUPLE_FIELDS == ("kinds",)
    assert {"extras": extra, "one_extra": extra} == changed.PART_FIELDS
    assert "A record schema with fields the shipped one lacks" in (changed.__doc__ or "")
    assert "Only the first paragraph" not in (changed.__doc__ or "")
    source = codegen.render(((_Extra, "ExtraPart"), (_Changed, "ChangedFields")))
    assert 'kinds: tuple[Literal["a", "b"], ...] = ()' in source
    assert "weight: float | None = None" in source and "title: str\n" in source

    wire = {
        "title": "xy",
        "extras": [{"displayName": "e", "kinds": ["a", "b"]}, {"displayName": "f", "count": 1}],
        "oneExtra": {"weight": 0.5, "displayName": "g"},
        "flag": True,
    }
    built = part_from_wire(changed, wire)
    assert isinstance(built.extras, tuple) and isinstance(built.extras[0], extra)
    assert built.extras[0].kinds == ("a", "b") and built.one_extra.count == 3
    model = _Changed.model_validate(wire)
    assert built.wire() == model.model_dump(by_alias=True, exclude_unset=True, mode="json")


@pytest.mark.parametrize(
    ("annotation", "default"),
    [(dict[str, int], None), (list[str], None), (tuple[str, int], None), (str, ["mutable"])],
)
def test_a_field_the_runtime_cannot_hold_is_refused_by_name(
    annotation: Any, default: Any, tmp_path: Path
) -> None:
    from pydantic import create_model

    if default is None:
        model = create_model("Odd", __base__=_WireModel, odd=(annotation, ...))
    else:
        model = create_model("Odd", __base__=_WireModel, odd=(annotation, default))
    with pytest.raises(codegen.UnsupportedField, match=r"Odd\.odd"):
        codegen.render(((model, "OddFields"),))


def test_check_mode_fails_on_a_stale_file_and_writing_makes_it_current(tmp_path: Path) -> None:
    target = tmp_path / "recordtypes.py"
    target.write_text(codegen.render().replace("repo: str", "repository: str"), encoding="utf-8")
    assert codegen.main(["--check", "--output", str(target)]) == 1
    assert codegen.main(["--output", str(target)]) == 0
    assert codegen.main(["--check", "--output", str(target)]) == 0
    assert codegen.main(["--check", "--output", str(tmp_path / "missing.py")]) == 1
