"""The programs of ``test_proved_errors`` on the pinned CPU JAX: the ones that must get no
error finding run to the end, the ones that must get one raise."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from tests._on_jax import label_tests, run_on_jax
from tests.engine.test_proved_errors import (
    BACKEND_MAINS,
    BACKEND_PACKAGE,
    CASES,
    SUPPORT_MODULES,
)

pytestmark = pytest.mark.jax

ran, test_label_holds_on_jax = label_tests("proved_errors", CASES, SUPPORT_MODULES)


@pytest.fixture(scope="module")
def backend_ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each main program beside the package that picks its backend on import (the harness
    imports the package afresh for each)."""
    return run_on_jax(
        "proved_errors_backend",
        {main: textwrap.dedent(source) for main, (source, _) in BACKEND_MAINS.items()},
        tmp_path_factory.mktemp("backend"),
        support={name: textwrap.dedent(text) for name, text in BACKEND_PACKAGE.items()},
    )


@pytest.mark.parametrize("main", sorted(BACKEND_MAINS))
def test_backend_project_label_holds_on_jax(main: str, backend_ran: dict[str, Any]) -> None:
    outcome = backend_ran[main]
    assert outcome["raised"] == bool(BACKEND_MAINS[main][1]), outcome.get("message") or main
