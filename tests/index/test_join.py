"""Curated records join the shipped index at their exact raise site."""

from __future__ import annotations

import pytest

from jaxlsp.index.join import enclosing_function, exact_site, is_index_record, site_for, sites_for
from jaxlsp.records.load import load_records
from jaxlsp.records.model import ErrorRecord

SYMBOLIC_ZEROS_ID = "9906f2c2bb54d4d6"
PALLAS_MESH_JVP_ID = "893b10de5624d9e1"


@pytest.fixture(scope="module")
def records() -> list[ErrorRecord]:
    return load_records().records


@pytest.fixture(scope="module")
def index(records: list[ErrorRecord]) -> list[ErrorRecord]:
    return [record for record in records if is_index_record(record)]


def _get(records: list[ErrorRecord], record_id: str) -> ErrorRecord:
    return next(record for record in records if record.id == record_id)


def test_seed_record_gains_the_exact_line_of_the_pinned_jax(
    records: list[ErrorRecord], index: list[ErrorRecord]
) -> None:
    curated = _get(records, SYMBOLIC_ZEROS_ID)
    site = site_for(curated, index)
    assert site is not None
    # The seed was written against another commit (line 1463); jax 0.12.0.1 raises at 1510.
    assert (site.file_path, site.line_number) == ("jax/_src/shard_map.py", 1510)
    assert enclosing_function(site) == "ShardMapTrace.process_custom_vjp_call"
    assert site.github_url == (
        "https://github.com/jax-ml/jax/blob/jax-v0.12.0.1/jax/_src/shard_map.py#L1510"
    )


def test_the_matched_variant_decides_the_site(
    records: list[ErrorRecord], index: list[ErrorRecord]
) -> None:
    curated = _get(records, PALLAS_MESH_JVP_ID)
    main = site_for(curated, index, message=curated.error_message)
    assert main is not None and main.file_path == "jax/_src/pallas/pallas_call.py"
    variant = next(v for v in curated.message_variants if "mpmd_map" in v.error_message)
    other = site_for(curated, index, message=variant.error_message)
    assert other is not None and other.file_path == "jax/_src/interpreters/ad.py"
    # Both sites of the variant's message are candidates; the main message's comes first.
    everything = sites_for(curated, index)
    assert everything[0] == main
    assert other in everything


def test_index_records_are_their_own_site_and_strangers_have_none(
    index: list[ErrorRecord],
) -> None:
    assert exact_site(index[0], index) is index[0]
    stranger = ErrorRecord.model_validate(
        {
            "id": "0123456789abcdef",
            "slug": "stranger",
            "errorMessage": "no JAX version ever raised this sentence",
            "messagePattern": "no JAX version ever raised this sentence",
            "documentation": "Written for the test.",
        }
    )
    assert exact_site(stranger, index) is None
