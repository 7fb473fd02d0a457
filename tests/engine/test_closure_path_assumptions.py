"""A function made on one path of an undecided test keeps what that path assumed
(``Function.made_assuming``): after ``if flag: o = A() else: o = B()`` the analysis may carry
each path on to the end of the function, so the closure defined there is made twice, each
capturing its path's ``o``.  A run of the closure made where ``flag`` is true must decide its
own ``if flag:`` as true: before, it started assuming nothing, took the other branch and paired
``flag`` false with ``o = A()``, a state no run has (brax's ``make_value_network``: a
distributional critic's tuple squeezed on the path that builds a plain MLP)."""

from __future__ import annotations

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

_CLASSES = """\
import jax.numpy as jnp


class Pair:
    def f(self, x):
        return (x, x)


class Single:
    def f(self, x):
        return x


"""


def _findings(body: str) -> list[tuple[str, str, int]]:
    source = _CLASSES + body
    analysis = fresh_engine(Workspace([])).analyze(source)
    offset = _CLASSES.count("\n")
    return sorted((f.code, f.severity, f.span.start.line + 1 - offset) for f in analysis.findings)


@pytest.mark.parametrize(
    "body",
    [
        # the closure's own test sends the pair's path back before the squeeze
        "def make(flag):\n"
        "    if flag:\n"
        "        o = Pair()\n"
        "    else:\n"
        "        o = Single()\n"
        "\n"
        "    def g(y):\n"
        "        if flag:\n"
        "            return 0\n"
        "        return jnp.squeeze(o.f(y), axis=-1)\n"
        "\n"
        "    return g\n",
        # the same choice made by a conditional expression
        "def make(flag):\n"
        "    o = Pair() if flag else Single()\n"
        "\n"
        "    def g(y):\n"
        "        if flag:\n"
        "            return 0\n"
        "        return jnp.squeeze(o.f(y), axis=-1)\n"
        "\n"
        "    return g\n",
    ],
)
def test_a_closure_does_not_pair_one_paths_value_with_the_other_paths_test(body: str) -> None:
    assert _findings(body) == []


def test_a_closure_on_the_path_whose_value_fails_is_still_reported() -> None:
    """The closure's test keeps the pair's path: the squeeze of a tuple is reached there."""
    body = (
        "def make(flag):\n"
        "    if flag:\n"
        "        o = Pair()\n"
        "    else:\n"
        "        o = Single()\n"
        "\n"
        "    def g(y):\n"
        "        if not flag:\n"
        "            return 0\n"
        "        return jnp.squeeze(o.f(y), axis=-1)\n"
        "\n"
        "    return g\n"
    )
    assert _findings(body) == [("list-as-array-argument", "hint", 10)]


def test_the_enclosing_functions_own_paths_are_unchanged() -> None:
    """Without a closure the path already decides both tests: the scalar's squeeze raises."""
    body = (
        "def make(flag):\n"
        "    if flag:\n"
        "        o = Pair()\n"
        "    else:\n"
        "        o = Single()\n"
        "    if flag:\n"
        "        return 0\n"
        "    return jnp.squeeze(o.f(1.0), axis=-1)\n"
    )
    assert _findings(body) == [("axis-out-of-bounds", "error", 8)]
