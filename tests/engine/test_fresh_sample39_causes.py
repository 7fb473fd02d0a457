"""Error findings only where the code surely raises: the causes of the false error findings on
the stop-39 fresh sample (``bench/fresh-sample.json``'s s39; its account: ``git show f598467:docs/fresh-sample.md``).

- ``jax.jit(wrapper, static_argnames=...)`` of a ``functools.wraps`` wrapper: jit maps each
  static name to a position by the signature ``inspect`` reports, which follows
  ``__wrapped__`` to the wrapped function, so the wrapper's ``*args`` hold static arguments
  (learned-optimization's ``truncated_unroll``, jitted over ``summary.add_with_summary``).
  Where the wrapped function is not known, a positional argument may be a static one.

The labelled corpus programs (``tests/corpus/*/s39_*.py``) run on the pinned JAX
(``tests/corpus/test_labels.py``).
"""

from __future__ import annotations

from tests._engine import assert_labelled_pair, error_findings

# a jitted functools.wraps wrapper ---------------------------------------------------------

_WRAPPED_JIT = """\
import functools

import jax
import jax.numpy as jnp


def add_flag(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        flag = kwargs.pop("flag", False)
        return fn(*args, **kwargs), flag

    return wrapper


@functools.partial(jax.jit, static_argnames=("count", "double"))
@add_flag
def unroll(count, double, x):
    if double:
        x = x * 2
    return jax.random.split(jax.random.key(0), count), x


unroll(3, True, jnp.ones(2))
"""


def test_a_static_name_of_the_wrapped_signature_is_static() -> None:
    assert error_findings(_WRAPPED_JIT) == []


def test_a_wrapper_without_wraps_still_traces_its_positional_arguments() -> None:
    source = _WRAPPED_JIT.replace("    @functools.wraps(fn)\n", "")
    assert error_findings(source) == [("tracer-bool-conversion-error", 18)]


def test_a_name_the_wrapped_signature_does_not_make_static_is_still_traced() -> None:
    source = _WRAPPED_JIT.replace('static_argnames=("count", "double")', 'static_argnames="count"')
    assert error_findings(source) == [("tracer-bool-conversion-error", 19)]


def test_a_wrapper_of_an_unknown_function_may_hold_a_static_argument() -> None:
    source = """\
import functools

import jax


def wrap(fn, step):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        double = args[0]
        if double:
            return step(*args[1:], **kwargs)
        return fn(*args[1:], **kwargs)

    return jax.jit(wrapper, static_argnames="double")


def main(fn, step, x):
    wrap(fn, step)(True, x)
"""
    assert error_findings(source) == []


def test_the_static_wrapped_signature_pair() -> None:
    assert_labelled_pair(
        "tracer-bool-conversion-error/s39_wrapped_static_names_negative.py",
        "tracer-bool-conversion-error/s39_wrapper_without_wraps.py",
    )
