"""The programs of ``test_object_model`` on the pinned CPU JAX: the ones that must get no
error finding run to the end, the ones that must get one raise; a program that needs a library
this environment lacks (flax) is skipped."""

from __future__ import annotations

import importlib.util
import textwrap
from typing import Any

import pytest

from tests._on_jax import run_on_jax
from tests.engine.test_object_model import CASES, KEY_CASES

pytestmark = pytest.mark.jax


def _installed(needs: tuple[str, ...]) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in needs)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    programs = {
        name: textwrap.dedent(source) for name, source, _, needs in CASES if _installed(needs)
    }
    programs.update((name, source) for name, source, _ in KEY_CASES)
    return run_on_jax("object_model", programs, tmp_path_factory.mktemp("objects"))


@pytest.mark.parametrize(("name", "source", "expected", "needs"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], needs: tuple[str, ...], ran: dict[str, Any]
) -> None:
    if not _installed(needs):
        pytest.skip(f"needs {', '.join(needs)}")
    outcome = ran[name]
    assert outcome["raised"] == bool(expected), outcome.get("message") or name


@pytest.mark.parametrize(("name", "source", "reused"), KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_key_label_holds_on_jax(name: str, source: str, reused: bool, ran: dict[str, Any]) -> None:
    assert ran[name]["raised"] == reused, ran[name].get("message") or name
