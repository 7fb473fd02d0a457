"""Error findings only where the code surely raises: the causes of the false error findings on
stop 38's sample of research repositories (``bench/fresh-sample.json``'s s38-repos; its account:
``git show f598467:docs/fresh-sample.md``; FoldJAX's two left by stop 37: ``test_dict_pop_keys.py``).

- ``jnp.argmax(q, axis=jnp.max(state.shape))`` in a jitted method nobody calls (jax-agents'
  ``dqn.py``): the state is traced, of unknown rank, and its ``.shape`` a tuple of unknown
  length, which ``jnp.max`` did not count as the Python tuple it refuses.  Its result was
  taken as a traced array and the axis reported as TracerIntegerConversionError; JAX raises
  TypeError ("max requires ndarray or scalar arguments") first, at ``jnp.max``.  A tuple (or
  list) of unknown items is now a Python sequence to the functions that refuse one, as a
  known one is: ``list-as-array-argument``, the error JAX raises.

The labelled pair ``tests/corpus/list-as-array-argument/s38_*`` runs on the pinned JAX.
"""

from __future__ import annotations

import pytest

from tests._engine import assert_labelled_pair, error_findings

_TRACED = """\
import jax
import jax.numpy as jnp


@jax.jit
def policy(state):
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # the shape of a traced array of unknown rank: a tuple, which jnp.max refuses
        ("return jnp.argmax(state, axis=jnp.max(state.shape))", [("list-as-array-argument", 7)]),
        ("s = state.shape\n    return jnp.sum(s)", [("list-as-array-argument", 8)]),
        ("return jnp.prod(tuple(state.shape))", [("list-as-array-argument", 7)]),
        # the same read as an array or as ints: runs
        ("return jnp.max(jnp.array(state.shape))", []),
        ("return jnp.argmax(state, axis=len(state.shape) - 1)", []),
        ("return jnp.argmax(state, axis=max(state.shape) - max(state.shape))", []),
        ("return jnp.max(state) + state.shape[0]", []),
    ],
)
def test_the_shape_of_an_array_of_unknown_rank_is_a_tuple(
    body: str, expected: list[tuple[str, int]]
) -> None:
    assert error_findings(_TRACED.format(body=body)) == expected


def test_no_tracer_is_claimed_behind_a_refused_tuple() -> None:
    # jnp.max of the shape raises TypeError: its result is no traced axis
    source = _TRACED.format(body="return jnp.argmax(state, axis=jnp.max(state.shape))")
    assert "tracer-integer-conversion-error" not in {code for code, _ in error_findings(source)}


PAIRS = [
    (
        "list-as-array-argument/s38_shape_of_traced_state_as_array_negative.py",
        "list-as-array-argument/s38_shape_of_traced_state.py",
    ),
]


@pytest.mark.parametrize(("negative", "positive"), PAIRS)
def test_the_negative_is_silent_and_the_positive_flagged(negative: str, positive: str) -> None:
    assert_labelled_pair(negative, positive)
