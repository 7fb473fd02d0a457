"""A lambda that hands back only its own parameters and constants (``lambda i, j: (i, 0)``, a
Pallas index map) makes no fact when run for any caller: each parameter is an unknown value,
so it reads no array, key, API or global and calls nothing.  The any-caller pass leaves it out
(``_hands_back_its_parameters``); a lambda that reads anything else still runs, and one called
with arguments runs for that call."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.infer.interpreter import _hands_back_its_parameters
from jaxlsp.infer.values import Function, Site
from tests._engine import fresh_engine


def _function(source: str) -> Function:
    tree = ast.parse(source)
    node = tree.body[0].value if isinstance(tree.body[0], ast.Expr) else tree.body[0]
    return Function(node, Site("m", tree, node), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("lambda i: (i,)", True),
        ("lambda i, j: (i, 0)", True),
        ("lambda i, j: (0, j, i)", True),
        ("lambda i: i", True),
        ("lambda: 0", True),
        ("lambda i, /, j: (j, i)", True),
        # it reads something else, computes, or binds more than what a caller passes
        ("lambda i: (i, N)", False),  # a global (an array, a hover)
        ("lambda i: (i + 1, 0)", False),
        ("lambda i: (i // 2, 0)", False),
        ("lambda i: (i[0],)", False),
        ("lambda i: (f(i),)", False),
        ("lambda i: (i.x,)", False),
        ("lambda i: [i]", False),  # a list: a heap object
        ("lambda i: (*i,)", False),
        ("lambda i=N: (i,)", False),  # a default
        ("lambda *i: i", False),
        ("lambda **k: (0,)", False),
        ("lambda *, k: (k,)", False),
        ("def f(i):\n    return (i,)", False),  # a def: annotations, decorators, docstrings
    ],
)
def test_which_lambdas_hand_back_their_parameters(source: str, expected: bool) -> None:
    assert _hands_back_its_parameters((_function(source),)) is expected


PROGRAM = """
import jax.numpy as jnp

N = jnp.zeros(3)
index_map = lambda i, j: (i, 0)
reads_a_global = lambda i: (i, N)
called = lambda i: (i, 0)
print(called(jnp.ones(2)))
"""


def test_only_the_lambdas_that_make_nothing_are_left_out() -> None:
    analysis = fresh_engine().analyze(PROGRAM)
    ran = {
        ast.unparse(frame.function.node)
        for frame in analysis.program.facts.frames
        if frame.function is not None
    }
    assert ran == {"lambda i: (i, N)", "lambda i: (i, 0)"}  # not the index map
