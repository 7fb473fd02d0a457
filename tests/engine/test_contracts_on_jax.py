"""Every argument contract in the API models (``ApiSpec.accepts``), checked on the pinned CPU
JAX: its example breaks the contract and raises the error of the record it names, and the
interpreter proves the same violation on it (so the contract, its record and the analysis
agree)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest
from bench.realbugs import run_on_jax

from jaxlsp.apis import SPECS
from jaxlsp.apis.contracts import Accepts
from jaxlsp.engine import Engine
from jaxlsp.records.load import curated_records_dir, load_records

CONTRACTS = [(name, accepts) for name, spec in SPECS.items() for accepts in spec.accepts]
IDS = [f"{name}-{accepts.parameter}" for name, accepts in CONTRACTS]


def _path(folder: Path, name: str, accepts: Accepts) -> Path:
    return folder / f"{name.replace('.', '_')}_{accepts.parameter}.py"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if importlib.util.find_spec("jax") is None:
        pytest.skip("the pinned JAX is not installed (pip install -e '.[jax]')")
    folder = tmp_path_factory.mktemp("contracts")
    paths = []
    for name, accepts in CONTRACTS:
        path = _path(folder, name, accepts)
        path.write_text(accepts.example, encoding="utf-8")
        paths.append(path)
    return {**run_on_jax(paths), "folder": folder}


def test_the_contracts_cover_the_transforms_and_loops() -> None:
    assert len(CONTRACTS) >= 25
    covered = {name for name, _ in CONTRACTS}
    assert {"jax.jit", "jax.grad", "jax.vmap", "jax.lax.scan", "jax.shard_map"} <= covered


@pytest.mark.jax
@pytest.mark.parametrize(("name", "accepts"), CONTRACTS, ids=IDS)
def test_the_example_raises_the_records_error(
    name: str, accepts: Accepts, outcomes: dict[str, Any]
) -> None:
    outcome = outcomes[str(_path(outcomes["folder"], name, accepts))]
    assert outcome["raised"], f"{name}: the example ran without raising"
    records = load_records([curated_records_dir()])
    record = next(r for r in records.records if r.slug == accepts.record)
    wordings = [(record.error_class, record.message_pattern)] + [
        (v.error_class or record.error_class, v.message_pattern) for v in record.message_variants
    ]
    assert any(
        outcome["class"] == error_class and re.search(pattern, outcome["message"])
        for error_class, pattern in wordings
    ), f"{name}: raised {outcome['class']}: {outcome['message'][:300]}"


@pytest.mark.parametrize(("name", "accepts"), CONTRACTS, ids=IDS)
def test_the_analysis_reports_the_example(name: str, accepts: Accepts) -> None:
    engine = Engine(load_records([curated_records_dir()]))
    codes = {finding.code for finding in engine.analyze(accepts.example).findings}
    assert accepts.record in codes, f"{name}.{accepts.parameter}: got {sorted(codes)}"
