"""Error findings only where the code surely raises: the causes of the false error findings on
the stop-40 fresh sample and stop 39's leftovers (``bench/fresh-sample.json``'s s40; its account: ``git show f598467:docs/fresh-sample.md``).

- A function chosen by a guard the analysis cannot decide (a test of what a value is:
  ``if len(shape) < 2: fn = point else: fn = vector``) and called after the ``if`` (returned,
  captured by a closure, called later): an error in the candidate the guard did not choose
  rests on the guard, as it would inside the arm (jaxampler's ``_pv_factory``,
  ``rvs.py:85``).  The choice travels with the value (``values.GuardChosen``), through what
  a call of it returns.  A choice made by a comparison of data is no such guard.
- An ``and`` chain returned as a value (a helper's ``return enabled() and x.ndim == 3 and
  int(x.shape[1]) == 1``) with an operand that is surely false: where the undecided operands
  before it are bools, the chain is False (the first false operand, or this one), so a
  caller's ``if helper(...):`` is decided, as the same chain spelled in the ``if`` is
  (nano-vllm-jax's ``_can_use_decode_padded_gemm``, ``model.py:410``; stop 39's research
  sample).

The labelled corpus programs (``tests/corpus/*/s40_*.py``) run on the pinned JAX
(``tests/corpus/test_labels.py``).
"""

from __future__ import annotations

from tests._engine import assert_labelled_pair, error_findings

# a function chosen by an undecided guard, called after the if ------------------------------

_FACTORY = """\
from functools import partial

import jax.numpy as jnp
from jax import jit, vmap

from somewhere import shape_of


class RV:
    def __init__(self, stack):
        self._stack = stack

    @partial(jit, static_argnums=(0,))
    def _pdf_x(self, *x):
        return jnp.exp(-x[0])

    @partial(jit, static_argnums=(0,))
    def _pdf_v(self, *x):
        return vmap(self._pdf_x, in_axes=0)(*x)

    def _factory(self, point, vector, shape):
        if len(shape) < 2:
            fn = point
        else:
            fn = vector
        if len(self._stack) == 0:
            return lambda *args: fn(self)(*args)
        return None

    @partial(jit, static_argnums=(0,))
    def pdf(self, *x):
        shape = shape_of(*x)
        fn = self._factory(lambda r: r._pdf_x, lambda r: r._pdf_v, shape)
        return fn(*x)


RV(()).pdf(1.0)
"""


def test_a_function_a_guard_chose_carries_the_guard_through_a_closure_and_its_result() -> None:
    # jaxampler: the vector candidate's vmap of a 0-d argument rests on ``len(shape) < 2``
    assert error_findings(_FACTORY) == []


def test_the_same_choice_by_a_comparison_of_data_is_still_found() -> None:
    source = _FACTORY.replace("if len(shape) < 2:", "if shape == 2:")
    assert error_findings(source) == [("vmap-axis-out-of-range", 19)]


def test_the_unchosen_candidate_called_directly_is_still_found() -> None:
    source = _FACTORY.replace("return lambda *args: fn(self)(*args)", "return vector(self)")
    assert error_findings(source) == [("vmap-axis-out-of-range", 19)]


_PICK = """\
import jax.numpy as jnp
from jax import vmap

from somewhere import shape_of


def point(x):
    return jnp.exp(-x)


def vector(x):
    return vmap(point, in_axes=0)(x)


def pick(x):
    fn = point if len(shape_of(x)) < 2 else vector
    return fn(x)


pick(1.0)
"""


def test_a_conditional_expression_on_an_undecided_guard_chooses_alike() -> None:
    assert error_findings(_PICK) == []


def test_a_conditional_expression_on_a_comparison_of_data_is_still_found() -> None:
    source = _PICK.replace("len(shape_of(x)) < 2", "shape_of(x) == 2")
    assert error_findings(source) == [("vmap-axis-out-of-range", 12)]


def test_a_chosen_name_bound_again_is_an_ordinary_callee() -> None:
    source = _PICK.replace("    return fn(x)\n", "    fn = vector\n    return fn(x)\n")
    assert error_findings(source) == [("vmap-axis-out-of-range", 12)]


# an and chain returned as a value ---------------------------------------------------------

_CHAIN = """\
import os

import jax.numpy as jnp


def enabled():
    value = os.environ.get("PADDED")
    if value is not None:
        return value in ("1", "true")
    return False


def can_pad(x, weight):
    return enabled() and x.ndim == 3 and int(x.shape[1]) == 1 and weight.ndim == 2


def padded(x, weight):
    return jnp.reshape(x, (x.shape[0], x.shape[-1] + 1)) @ weight


def head(x, weight):
    if can_pad(x, weight):
        return padded(x, weight)
    return x @ weight


head(jnp.ones((3, 16, 16)), jnp.ones((16, 4)))
"""


def test_an_and_chain_of_bools_with_a_false_operand_is_false_as_a_value() -> None:
    assert error_findings(_CHAIN) == []


def test_the_chain_whose_operands_hold_is_still_followed() -> None:
    source = _CHAIN.replace("jnp.ones((3, 16, 16))", "jnp.ones((3, 1, 16))")
    assert error_findings(source) == [("reshape-size-mismatch", 18)]


def test_an_or_chain_of_bools_with_a_true_operand_is_true_as_a_value() -> None:
    source = _CHAIN.replace(
        "enabled() and x.ndim == 3 and int(x.shape[1]) == 1 and weight.ndim == 2",
        "not (enabled() or x.ndim != 3 or int(x.shape[1]) != 1 or weight.ndim != 2)",
    )
    assert error_findings(source) == []


def test_the_corpus_pair_of_a_guard_chosen_function() -> None:
    assert_labelled_pair(
        "vmap-axis-out-of-range/s40_guard_chosen_function_negative.py",
        "vmap-axis-out-of-range/s40_guard_unchosen_called_directly.py",
    )


def test_a_raise_every_chosen_function_reaches_is_still_found() -> None:
    # both candidates call ``shared`` with a traced argument: whichever the guard chose raises
    source = _PICK.replace(
        "def point(x):\n    return jnp.exp(-x)",
        "def shared(x):\n    if x > 0:\n        return x\n    return -x\n\n\n"
        "def point(x):\n    return shared(jnp.exp(-x))",
    ).replace("    return vmap(point, in_axes=0)(x)", "    return shared(x)")
    source = source.replace("pick(1.0)", "import jax\n\njax.jit(pick)(1.0)")
    assert error_findings(source) == [("tracer-bool-conversion-error", 8)]
