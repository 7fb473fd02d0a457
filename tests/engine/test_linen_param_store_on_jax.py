"""The programs of ``test_linen_param_store`` on the pinned CPU JAX: the ones that must get no
finding run to the end, the ones that must get one raise."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from tests._on_jax import run_on_jax
from tests.engine.test_linen_param_store import CASES

pytestmark = pytest.mark.jax


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_on_jax(
        "linen_param_store",
        {name: textwrap.dedent(source) for name, source, _ in CASES},
        tmp_path_factory.mktemp("linen_param_store"),
    )


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran: dict[str, Any]
) -> None:
    outcome = ran[name]
    assert outcome["raised"] == bool(expected), outcome.get("message") or name
