"""The record schema: seed records and every shipped record round-trip byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from jaxlsp.records.load import default_record_paths, iter_record_files, load_file
from jaxlsp.records.model import ErrorRecord, RecordFile, dump_record_file
from tests.conftest import REPO, SHARED_SEEDS

FIXTURES = REPO / "tests" / "fixtures" / "records"


def _round_trip(path: Path) -> None:
    raw = path.read_text(encoding="utf-8")
    envelope = RecordFile.model_validate_json(raw)
    assert dump_record_file(envelope, pretty=raw.startswith("{\n")) == raw


def test_every_field_compact_record_round_trips() -> None:
    _round_trip(FIXTURES / "every_field_compact.json")


@pytest.mark.parametrize(
    "path",
    list(iter_record_files([default_record_paths()[0]])),
    ids=lambda p: p.name,
)
def test_shipped_curated_records_round_trip(path: Path) -> None:
    _round_trip(path)


def test_json_seed_round_trips_byte_for_byte() -> None:
    seeds = sorted(SHARED_SEEDS.glob("000_*.txt"))
    if not seeds:
        pytest.skip(f"the seed folder {SHARED_SEEDS} is not beside this checkout")
    _round_trip(seeds[0])


def test_seed_records_are_shipped_with_their_ids() -> None:
    ids = {
        item.record.id
        for p in iter_record_files([default_record_paths()[0]])
        for item in load_file(p).loaded
    }
    assert {"9906f2c2bb54d4d6", "893b10de5624d9e1"} <= ids


def test_symbolic_zeros_example_fix_uses_defvjp_not_custom_vjp_argument() -> None:
    """The seed's exampleFix passed symbolic_zeros to custom_vjp, which has no such argument."""
    record = load_file(
        REPO / "data/records/custom-vjp-symbolic-zeros-support-with-shard-map.json"
    ).records[0]
    assert record.example_fix is not None
    assert "custom_vjp(fun, symbolic_zeros" not in record.example_fix
    assert ".defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)" in record.example_fix
    compile(record.example_fix, "exampleFix", "exec")


def test_unknown_field_is_refused_with_its_wire_name() -> None:
    raw = (FIXTURES / "every_field_compact.json").read_text().replace('"tags"', '"tagz"')
    with pytest.raises(ValidationError) as error:
        RecordFile.model_validate_json(raw)
    assert "tagz" in str(error.value)


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("id", "XYZ", "String should match pattern"),
        ("slug", "Not A Slug", "String should match pattern"),
        ("lineNumber", 0, "greater than or equal to 1"),
        ("severity", "fatal", "'error', 'warning', 'info' or 'hint'"),
        ("githubUrl", "http://example.invalid/x", "String should match pattern"),
        ("jaxVersions", ["latest"], "String should match pattern"),
        ("schemaVersion", 1, "Input should be 2"),
    ],
)
def test_bad_values_are_refused(field: str, value: object, expected: str) -> None:
    base = RecordFile.model_validate_json((FIXTURES / "every_field_compact.json").read_text())
    data = base.record.model_dump(by_alias=True)
    data[field] = value
    with pytest.raises(ValidationError) as error:
        ErrorRecord.model_validate(data)
    assert expected in str(error.value)


def test_source_span_must_be_ordered() -> None:
    base = RecordFile.model_validate_json((FIXTURES / "every_field_compact.json").read_text())
    data = base.record.model_dump(by_alias=True) | {"sourceCodeStart": 20, "sourceCodeEnd": 10}
    with pytest.raises(ValidationError, match="after sourceCodeEnd"):
        ErrorRecord.model_validate(data)


def test_curated_slugs_are_whole_words_and_renamed_ones_keep_their_old_slug() -> None:
    """A slug is the diagnostic code users type into configs: no word cut short (the seed's
    was ``...-with-shard-map-i``, cut from "is not implemented"), and a renamed record keeps
    its former slug as an alias, unique across the records."""
    from jaxlsp.records.load import curated_records_dir, load_records

    curated = load_records([curated_records_dir()]).loaded
    slugs = {item.slug for item in curated}
    aliases = [alias for item in curated for alias in item.value("slug_aliases")]
    for item in curated:
        assert all(len(word) > 1 or word == "a" for word in item.slug.split("-")), item.slug
    assert "custom-vjp-symbolic-zeros-support-with-shard-map-i" in aliases
    assert len(set(aliases)) == len(aliases) and not set(aliases) & slugs
