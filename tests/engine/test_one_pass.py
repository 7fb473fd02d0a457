"""Every independent error in one pass: a call that surely raises does not hide the errors
after it (the analysis goes on with an unknown result), except inside a ``try`` that may
catch it, where what runs next is the handler."""

from __future__ import annotations

from jaxlsp.engine import Engine

ENGINE = Engine()

THREE_ERRORS = """
import jax
import jax.numpy as jnp


@jax.jit
def step(x, n, k):
    a = jnp.zeros((n, 3))
    b = jax.nn.one_hot(x, k)
    c = jnp.ones(3) + jnp.ones(4)
    return a, b, c


step(jnp.array([1, 2]), 2, 4)
"""


def _findings(source: str) -> set[tuple[int, str]]:
    return {(f.span.start.line + 1, f.code) for f in ENGINE.analyze(source).findings}


def test_each_independent_error_of_a_block_is_reported_at_once() -> None:
    assert _findings(THREE_ERRORS) == {
        (8, "traced-shape-argument"),
        (9, "concretization-type-error"),
        (10, "incompatible-shapes-for-broadcasting"),
    }


def test_what_an_error_returns_is_unknown_and_silent() -> None:
    source = """
import jax
import jax.numpy as jnp


@jax.jit
def step(x, n):
    a = jnp.zeros((n, 3))
    return a @ jnp.ones((5, 2))


step(jnp.ones(2), 2)
"""
    assert _findings(source) == {(8, "traced-shape-argument")}


def test_a_try_that_catches_the_error_still_ends_the_path() -> None:
    source = """
import jax
import jax.numpy as jnp


@jax.jit
def step(x, n):
    try:
        a = jnp.zeros((n, 3))
        b = jnp.ones(3) + jnp.ones(4)
    except TypeError:
        a = jnp.zeros((2, 3))
    return a


step(jnp.ones(2), 2)
"""
    assert (10, "incompatible-shapes-for-broadcasting") not in _findings(source)


def test_an_operator_that_raises_does_not_hide_the_next_error() -> None:
    source = """
import jax.numpy as jnp


def step(x):
    a = jnp.ones(3) + jnp.ones(4)
    b = jnp.ones((2, 3)) @ jnp.ones((4, 5))
    c = a * jnp.ones(6)
    return b, c


step(1.0)
"""
    # the third line uses what the first raised on: unknown, so silent
    assert _findings(source) == {
        (6, "incompatible-shapes-for-broadcasting"),
        (7, "dot-general-contracting-dims-mismatch"),
    }


def test_an_operator_inside_a_try_that_catches_its_error_ends_the_path() -> None:
    source = """
import jax.numpy as jnp


def step(x):
    try:
        a = jnp.ones(3) + jnp.ones(4)
        b = jnp.ones((2, 3)) @ jnp.ones((4, 5))
    except TypeError:
        a = jnp.ones(3)
    return a


step(1.0)
"""
    # operands of one rank: jax 0.12.0.1 raises TypeError ("add got incompatible shapes")
    assert (8, "dot-general-contracting-dims-mismatch") not in _findings(source)
    # of different ranks it raises ValueError, which the same handler spelt so catches
    other_ranks = source.replace("jnp.ones(3) + jnp.ones(4)", "jnp.ones((2, 3)) + jnp.ones(4)")
    other_ranks = other_ranks.replace("except TypeError", "except ValueError")
    assert (8, "dot-general-contracting-dims-mismatch") not in _findings(other_ranks)
