"""The programs of ``test_repos41_causes`` on the pinned CPU JAX, beside their project's modules:
the ones that must get no finding run to the end, the ones that must get one raise."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from tests._on_jax import run_on_jax
from tests.engine.test_repos41_causes import PROGRAMS, SUPPORT, program

pytestmark = pytest.mark.jax


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_on_jax(
        "repos41_causes",
        {name: program(name) for name in PROGRAMS},
        tmp_path_factory.mktemp("repos41_causes"),
        support={name: textwrap.dedent(text) for name, text in SUPPORT.items()},
    )


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_label_holds_on_jax(name: str, ran: dict[str, Any]) -> None:
    outcome = ran[name]
    assert outcome["raised"] == bool(PROGRAMS[name][1]), outcome.get("message") or name
