"""Hover and inlay hints build their indices with the cyclic collector held, as analysis does:
otherwise each collection set off while they allocate walks the whole (large) analysis."""

from __future__ import annotations

import gc

import pytest

from jaxlsp import engine as engine_module
from jaxlsp import shapehints
from jaxlsp.engine import Engine
from jaxlsp.findings import Position

SOURCE = "import jax.numpy as jnp\n\nx = jnp.ones((2, 3))\ny = x.sum(axis=0)\n"


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def test_hover_holds_the_collector_while_it_builds_its_indices(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    analysis = engine.analyze(SOURCE)
    seen: list[bool] = []
    original = engine_module.hover_at

    def spying_hover_at(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine_module, "hover_at", spying_hover_at)
    assert gc.isenabled()
    engine.hover(analysis, Position(2, 9))
    assert seen == [False]
    assert gc.isenabled()


def test_inlay_hints_hold_the_collector_and_still_give_the_shapes(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    analysis = engine.analyze(SOURCE)
    seen: list[bool] = []
    original = shapehints.shape_hints

    def spying_shape_hints(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine_module, "shape_hints", spying_shape_hints)
    hints = engine.inlay_hints(analysis)
    assert seen == [False]
    assert gc.isenabled()
    assert any("2,3" in hint.label.replace(" ", "") for hint in hints)
