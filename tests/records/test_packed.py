"""Records as the loader holds them (``Record``, packed or not) say what the schema's models say.

The loader keeps a record that explains nothing as the values its file sets and rebuilds the
``Record`` on demand (``jaxlsp.records.load``); a file the manifest lists is read with ``json``
alone, any other is validated (``jaxlsp.records.validate``, whose bundle fast path validates
into field values with a validator generated from the model).  These tests pin all of it to the
model: the same fields and defaults, the same records accepted, the same values, and the same
wire form as the validated model's dump.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from jaxlsp.index.cache import shipped_index_path, shipped_versions
from jaxlsp.records.load import LoadedRecord, RecordSet, load_file, load_records
from jaxlsp.records.match import Matcher
from jaxlsp.records.model import ErrorRecord, MessageVariant, Reproducer
from jaxlsp.records.record import (
    RECORD_DEFAULTS,
    RECORD_FIELDS,
    REPRODUCER_FIELDS,
    VARIANT_FIELDS,
    Record,
    record_from_values,
)
from jaxlsp.records.validate import _RECORD, fast_bundle, model_values
from tests.conftest import REPO
from tests.reliability.fuzzing import budget

EVERY_FIELD = json.loads((REPO / "tests/fixtures/records/every_field_compact.json").read_text())[
    "record"
]
INDEX = shipped_index_path(shipped_versions()[-1])


def _validated(raw: dict[str, Any]) -> ErrorRecord:
    return _RECORD.validate_python(raw, by_alias=True, by_name=False)


def _record(raw: dict[str, Any]) -> Record:
    return record_from_values(model_values(_validated(raw)))


def _assert_says_what_the_model_says(got: Record, expected: ErrorRecord) -> None:
    """Every field's value (nested ones by their wire form), the fields set, and the wire form
    (what the model dumps: the record's file, canonical)."""
    assert got.wire() == expected.model_dump(by_alias=True, exclude_unset=True, mode="json")
    assert set(got.fields_set) == expected.model_fields_set
    assert list(got.fields_set) == [n for n in ErrorRecord.model_fields if n in got.fields_set]
    for name in RECORD_FIELDS:
        value, wanted = getattr(got, name), getattr(expected, name)
        if name == "message_variants":
            assert [v.wire() for v in value] == [
                v.model_dump(by_alias=True, exclude_unset=True, mode="json") for v in wanted
            ]
        elif name == "reproducer" and wanted is not None:
            assert value is not None
            assert value.wire() == wanted.model_dump(by_alias=True, exclude_unset=True, mode="json")
        else:
            assert value == wanted and type(value) is type(wanted), name


def _bundle(tmp_path: Path, rows: list[dict[str, Any]], folder: str = "index") -> Path:
    path = tmp_path / folder / "bundle.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"datasetVersion": "2026-01-01T00:00:00Z", "records": rows}))
    return path


def test_defaults_are_shared_safely() -> None:
    """A rebuilt record shares its defaults with every other: they must be immutable values."""
    for name, info in ErrorRecord.model_fields.items():
        assert info.default_factory is None, name
        assert isinstance(info.default, type(None) | str | int | tuple) or info.is_required()


@pytest.mark.parametrize(
    ("model", "fields"),
    [
        (ErrorRecord, RECORD_FIELDS),
        (MessageVariant, VARIANT_FIELDS),
        (Reproducer, REPRODUCER_FIELDS),
    ],
)
def test_record_classes_have_the_schemas_fields_in_its_order(
    model: type[ErrorRecord | MessageVariant | Reproducer], fields: tuple[str, ...]
) -> None:
    assert fields == tuple(model.model_fields)


def test_record_defaults_are_the_schemas() -> None:
    schema_defaults = {
        name: info.default
        for name, info in ErrorRecord.model_fields.items()
        if not info.is_required()
    }
    assert schema_defaults == RECORD_DEFAULTS
    required = set(RECORD_FIELDS) - set(schema_defaults)
    for name in required:
        with pytest.raises(TypeError):
            Record(**dict.fromkeys(required - {name}, "x"))


def test_every_shipped_index_record_is_packed_and_rebuilds_to_its_validated_model() -> None:
    for trust_manifest in (True, False):
        loaded = load_file(INDEX, compile_patterns=False, trust_manifest=trust_manifest)
        raw_rows = json.loads(INDEX.read_bytes())["records"]
        assert not loaded.problems
        assert len(loaded.loaded) == len(raw_rows) > 5_000
        for item, raw in zip(loaded.loaded, raw_rows, strict=True):
            assert item.packed and item.path == INDEX and item.pretty is False
            expected = _validated(raw)
            _assert_says_what_the_model_says(item.record, expected)
            assert item.id == expected.id and item.slug == expected.slug
            for name in RECORD_FIELDS:
                assert item.value(name) == getattr(expected, name), name


def test_every_shipped_curated_record_says_what_its_validated_model_says() -> None:
    listed = load_records(trust_manifest=True)
    validated = load_records(trust_manifest=False)
    assert not listed.problems and not validated.problems
    assert listed.records == validated.records
    assert [(i.path, i.pretty, i.packed) for i in listed.loaded] == [
        (i.path, i.pretty, i.packed) for i in validated.loaded
    ]
    curated = [item for item in listed.loaded if item.has_explanation]
    assert len(curated) > 50
    for item in curated:
        envelope = json.loads(item.path.read_bytes())
        _assert_says_what_the_model_says(item.record, _validated(envelope["record"]))


def test_accessors_read_a_model_and_a_packed_record_alike(tmp_path: Path) -> None:
    explained = copy.deepcopy(EVERY_FIELD)
    bare = {k: v for k, v in EVERY_FIELD.items() if k != "documentation"}
    bare |= {"id": "0123456789abcdee", "slug": "bare"}
    path = _bundle(tmp_path, [explained, bare])
    first, second = load_file(path).loaded
    assert not first.packed and first.has_explanation
    assert second.packed and not second.has_explanation
    for item, raw in ((first, explained), (second, bare)):
        model = _validated(raw)
        _assert_says_what_the_model_says(item.record, model)
        assert item.messages_and_patterns() == [
            (model.error_message, model.message_pattern),
            *((v.error_message, v.message_pattern) for v in model.message_variants),
        ]
        assert (item.error_class, item.file_path, item.line_number, item.apis) == (
            model.error_class,
            model.file_path,
            model.line_number,
            model.apis,
        )
    assert LoadedRecord.of(_record(bare), path) == second
    with pytest.raises(AttributeError):
        second.value("no_such_field")


def test_bundle_fast_path_and_record_by_record_path_give_equal_record_sets(tmp_path: Path) -> None:
    rows = json.loads(INDEX.read_bytes())["records"][:50]
    fast = load_file(_bundle(tmp_path, rows))
    rows[7]["severity"] = "catastrophic"  # one bad record: the file is read record by record
    slow = load_file(_bundle(tmp_path, rows))
    assert [p.field for p in slow.problems] == ["severity"]
    kept = [item for index, item in enumerate(fast.loaded) if index != 7]
    assert [item.record for item in slow.loaded] == [item.record for item in kept]
    assert all(item.packed for item in slow.loaded)


def test_record_set_lookups_unpack_no_record(monkeypatch: pytest.MonkeyPatch) -> None:
    records = load_records()
    index_item = next(item for item in records.loaded if item.packed)
    curated = next(item for item in records.loaded if item.has_explanation and item.record.apis)

    def refuse(*_: object) -> Record:
        raise AssertionError("a lookup unpacked a record")

    monkeypatch.setattr("jaxlsp.records.recordset._unpack", refuse)
    assert index_item.id in records.ids() and len(records.ids()) == len(records.loaded)
    assert records.origin(index_item.id) is index_item
    assert records.get(curated.slug) == curated.record
    api = curated.record.apis[0]
    assert curated.record in records.for_api(api)
    monkeypatch.undo()
    assert records.get(index_item.slug) == index_item.record
    assert records.get(index_item.id) == index_item.record


def test_for_api_lists_explained_records_first_then_load_order() -> None:
    records = load_records()
    expected: dict[str, list[Record]] = {}
    for record in sorted(records.records, key=lambda r: not r.has_explanation):
        for api in dict.fromkeys(record.apis):
            expected.setdefault(api, []).append(record)
    assert expected
    for api, listed in expected.items():
        assert records.for_api(api) == listed
    assert records.for_api("jax.no_such_api") == []


def test_for_api_follows_added_and_removed_records() -> None:
    records = RecordSet()
    record = _record(EVERY_FIELD)
    assert records.for_api("jax.example.widget") == []
    records.add(LoadedRecord(record, Path("x.json")))
    assert records.for_api("jax.example.widget") == [record]
    records.remove(record.id)
    assert records.for_api("jax.example.widget") == []
    records.loaded.append(LoadedRecord(record, Path("x.json")))  # behind add()'s back
    assert records.for_api("jax.example.widget") == [record]


def test_matcher_over_a_record_set_matches_as_over_its_models() -> None:
    records = load_records()
    queries = [
        "ValueError: shard_map requires a non-empty mesh. Got Mesh('i': 8)",
        "TypeError: add got incompatible shapes for broadcasting: (3,), (4,).",
        "numpy masked arrays are not supported as direct inputs to JAX functions",
        "the quick brown fox jumps over the lazy dog",
    ]
    over_models, over_set = Matcher(records.records), Matcher(records)
    for query in queries:
        assert over_set.match(query, limit=8) == over_models.match(query, limit=8)


# --- the fast path's validator accepts exactly what ErrorRecord accepts -----------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["", "0.12.0.1", "https://x", "jax.jit", "2026-01-01T00:00:00Z", "cpu"])
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = [*EVERY_FIELD, "zzUnknown"]


@budget(examples=200)
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES, drop=st.booleans())
def test_fast_validator_accepts_what_the_model_accepts(field: str, value: Any, drop: bool) -> None:
    raw = copy.deepcopy(EVERY_FIELD)
    if drop:
        raw.pop(field, None)
    else:
        raw[field] = value
    document = json.dumps({"records": [raw]})
    try:
        expected: ErrorRecord | None = _validated(json.loads(document)["records"][0])
    except ValidationError:
        expected = None
    try:
        fields = fast_bundle().validate_json(document, by_alias=True, by_name=False)
    except ValidationError:
        # Refusing more than the model would only send the file down the slow path; it must
        # not happen for a record the model accepts, or loading would slow down for nothing.
        assert expected is None
        return
    assert expected is not None, "the fast path accepted a record the model refuses"
    [record_fields] = fields["records"]
    assert set(record_fields) == expected.model_fields_set
    for name, got in record_fields.items():
        assert got == getattr(expected, name), name


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"sourceCodeStart": 20, "sourceCodeEnd": 10}, None),
        ({"lineNumber": 0}, "lineNumber"),
        ({"jaxVersions": ["latest"]}, "jaxVersions.0"),
        ({"apis": ["not a name"]}, "apis.0"),
        ({"messageVariants": [{"errorMessage": "m", "messagePattern": "m", "x": 1}]}, None),
        ({"analyzedAt": "yesterday"}, "analyzedAt"),
    ],
)
def test_bad_records_in_a_bundle_are_reported_by_field(
    tmp_path: Path, changes: dict[str, Any], field: str | None
) -> None:
    good = {k: v for k, v in EVERY_FIELD.items() if k != "documentation"}
    bad = good | changes | {"id": "00000000000000aa", "slug": "bad"}
    path = _bundle(tmp_path, [good, bad], folder="records")
    loaded = load_file(path)
    assert [item.id for item in loaded.loaded] == [EVERY_FIELD["id"]]
    assert loaded.problems and all(p.record_id == "00000000000000aa" for p in loaded.problems)
    if field is not None:
        assert field in {p.field for p in loaded.problems}
