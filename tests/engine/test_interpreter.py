"""Mechanisms of the abstract interpreter (``jaxlsp.infer.interpreter``), each asked directly:
what a module-level name holds after the module ran, or what facts a call recorded."""

from __future__ import annotations

import textwrap

from jaxlsp.engine import Engine
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import ANY, Array, Const, CustomDerivative, Static, Values
from jaxlsp.infer.workspace import Workspace


def _program(source: str) -> Program:
    analysis = Engine(workspace=Workspace([])).analyze(textwrap.dedent(source))
    assert analysis.program is not None
    return analysis.program


def _globals(source: str) -> dict[str, Values]:
    frame = _program(source).module.frame
    assert frame is not None
    return frame.state.env


def _constants(values: Values) -> set[object]:
    assert all(isinstance(v, Const) for v in values), values
    return {v.value for v in values if isinstance(v, Const)}


def test_an_empty_list_holds_what_is_appended_to_it() -> None:
    names = _globals(
        """
        import jax.numpy as jnp

        layers = []
        for width in (2, 3):
            layers.append({"w": jnp.ones((width, width)), "b": jnp.zeros(width)})
        last = layers[-1]
        bias = last["b"]
        never_filled = []
        first = never_filled[0]
        """
    )
    assert [type(v) for v in names["bias"]] == [Array]
    assert names["first"] == ANY


def test_an_operator_on_several_known_values_gives_each_result() -> None:
    names = _globals(
        """
        for step in range(3):
            seed = 1000 + 97 * step
            late = step >= 2
        for row in range(3):
            for column in range(4):
                cell = 10 * row + column
        """
    )
    assert _constants(names["seed"]) == {1000, 1097, 1194}
    assert _constants(names["late"]) == {False, True}
    # more results than a value set holds: still a Python int
    assert names["cell"] == (Static("int"),)
