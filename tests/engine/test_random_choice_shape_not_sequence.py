"""``random-choice-shape-not-sequence``: ``jax.random.choice`` refuses a shape that is no
sequence (jax 0.12.0.1 checks ``isinstance(shape, Sequence)``), where the other samplers take an
int; each case with its close negative, every label run on the pinned JAX (the rebuild of
jax#4124 is in bench/realbugs)."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "random-choice-shape-not-sequence"
HEAD = """import jax
import jax.numpy as jnp

key = jax.random.key(0)
options = jnp.arange(5)

"""

# (the statements after HEAD, the 0-based line of the finding among them or None)
CASES = [
    ("x = jax.random.choice(key, 8, shape=100)\n", 0),
    ("x = jax.random.choice(key, options, 3)\n", 0),
    ("x = jax.random.choice(key, options, 3.0)\n", 0),
    ("def draw(k, n=4):\n    return jax.random.choice(k, options, shape=n)\n\nx = draw(key)\n", 1),
    ("n = int('3')\nx = jax.random.choice(key, options, shape=n, replace=False)\n", 1),
    # close negatives
    ("x = jax.random.choice(key, 8, shape=(100,))\n", None),
    ("x = jax.random.choice(key, options, [2, 2])\n", None),
    ("x = jax.random.choice(key, options)\n", None),
    ("x = jax.random.choice(key, options, shape=options.shape)\n", None),
    ("x = jax.random.normal(key, 100)\n", None),
    ("x = jax.random.randint(key, 3, 0, 5)\n", None),
    ("def draw(k, shape):\n    return jax.random.choice(k, options, shape=shape)\n", None),
    ("try:\n    x = jax.random.choice(key, 8, shape=100)\nexcept TypeError:\n    x = None\n", None),
]


def _lines(body: str) -> list[int]:
    analysis = fresh_engine().analyze(HEAD + body, "draws.py")
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in analysis.findings if f.code == CODE]


@pytest.mark.parametrize(("body", "line"), CASES)
def test_a_number_as_choices_shape(body: str, line: int | None) -> None:
    assert _lines(body) == ([] if line is None else [line])


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does(pinned_jax: None) -> None:
    raised = raised_on_jax("random_choice_shape_not_sequence", [HEAD + body for body, _ in CASES])
    assert raised == [line is not None for _, line in CASES]
