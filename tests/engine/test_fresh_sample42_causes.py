"""Error findings only where the code surely raises: the cause of the false error findings on
the stop-42 fresh sample (``s42`` in ``bench/fresh-sample.json``).

An operator between arrays whose shapes do not broadcast raises TypeError on jax 0.12.0.1
when the two have the same rank (jax.numpy hands them to the primitive unbroadcast:
``sub got incompatible shapes for broadcasting: (2,), (3,)``) and ValueError when their ranks
differ (``Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]``).  The shape model
said ValueError for both, so a handler or a test that asks for the TypeError
(jax-toolkit's ``with self.assertRaises(TypeError): intersection_over_union(two, three)``)
did not count as handling it, and the calls it covers gave error findings; two of them
(``metrics/classification.py:8, 9``) were never reached, as the comparison before them raises
first.  Now ``Mismatch.error_class`` carries the class measured for the operands' ranks
(``shaping._same_rank_mismatch``), and ``Interpreter.catches`` reads it.

Each case is labelled on the pinned JAX (``test_fresh_sample42_causes_on_jax``): a case that
must stay silent runs to the end; one that must be found raises.
"""

from __future__ import annotations

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import error_codes, error_findings, fresh_engine

BROADCAST = "incompatible-shapes-for-broadcasting"

_HANDLED = """\
import jax
import jax.numpy as jnp


@jax.jit
def mae(y_true, y_pred):
    return jnp.average(jnp.abs(y_pred - y_true))


def score(a, b):
    try:
        return mae(a, b)
    except TypeError:
        return None


score(jnp.ones(2), jnp.ones(3))
"""

_TEST_ASKS = """\
import unittest

import jax
import jax.numpy as jnp


@jax.jit
def dice(y_true, y_pred):
    return jnp.sum(jnp.abs(y_true * y_pred))


class DiceTest(unittest.TestCase):
    def test_raises_when_number_of_samples_not_equal(self):
        with self.assertRaises(TypeError) as _:
            dice(jnp.array([0, 1]), jnp.array([0, 1, 0]))


DiceTest("test_raises_when_number_of_samples_not_equal").test_raises_when_number_of_samples_not_equal()
"""

#: name -> (program, the codes jaxlsp must find: none where it runs to the end on JAX)
CASES: list[tuple[str, str, set[str]]] = [
    ("same_rank_except_type_error", _HANDLED, set()),
    ("same_rank_except_value_error", _HANDLED.replace("except TypeError", "except ValueError"), {BROADCAST}),
    (
        "other_ranks_except_value_error",
        _HANDLED.replace("except TypeError", "except ValueError").replace("jnp.ones(2)", "jnp.ones((2, 3))").replace("jnp.ones(3)", "jnp.ones(4)"),
        set(),
    ),
    (
        "other_ranks_except_type_error",
        _HANDLED.replace("jnp.ones(2)", "jnp.ones((2, 3))").replace("jnp.ones(3)", "jnp.ones(4)"),
        {BROADCAST},
    ),
    ("same_rank_2d_except_type_error", _HANDLED.replace("jnp.ones(2)", "jnp.ones((2, 3))").replace("jnp.ones(3)", "jnp.ones((4, 3))"), set()),
    ("same_rank_unhandled", _HANDLED.replace("    try:\n        return mae(a, b)\n    except TypeError:\n        return None\n", "    return mae(a, b)\n"), {BROADCAST}),
    ("test_asks_for_type_error", _TEST_ASKS, set()),
    ("test_asks_for_value_error", _TEST_ASKS.replace("assertRaises(TypeError)", "assertRaises(ValueError)"), {BROADCAST}),
    (
        "augmented_same_rank_except_type_error",
        _HANDLED.replace("return jnp.average(jnp.abs(y_pred - y_true))", "y_pred -= y_true\n    return y_pred"),
        set(),
    ),
]  # fmt: skip


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_the_case_gets_its_labelled_findings(name: str, source: str, expected: set[str]) -> None:
    assert error_codes(source) == expected


def test_the_unhandled_same_rank_error_names_the_type_error_and_its_line() -> None:
    source = CASES[5][1]
    assert error_findings(source) == [(BROADCAST, 7)]
    findings = fresh_engine(Workspace([])).analyze(source).findings
    (finding,) = [f for f in findings if f.severity == "error"]
    assert "sub got incompatible shapes for broadcasting: (3,), (2,) (TypeError)" in finding.message
