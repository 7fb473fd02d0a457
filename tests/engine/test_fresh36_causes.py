"""Error findings only where the code surely raises: the causes of the false error findings on
the stop-36 fresh sample (``bench/fresh-sample.json``'s s36; its account: ``git show cf0d997:docs/fresh-sample.md``).

- A loop whose number of passes is not known was run twice with the join of its items, and an
  error only the second pass met was reported: the loop may run once (hj-reachability's ENO
  scheme over ``reversed(undivided_differences)``, a list of one difference).  Such a pass now
  rests on ``Assumption.LATER_PASS``, and ``reversed`` of items of known count keeps them.
- ``linspace(..., retstep=True)`` returns the pair ``(numbers, step)``; it was read as the
  numbers, so ``ts, dt = ...`` made ``ts`` one number (diffusionjax's ``get_times``).
- A function that rebinds an enclosing name (``nonlocal treedef``) handed to code the analysis
  does not run (autograd's ``make_vjp``) may be called there: the name was still read as its
  ``None`` (agjax's ``wrap_for_jax``).
- A vmapped parameter nobody knows may be any pytree; ``fls.copy()`` of it was read as an
  array's copy, so ``fls[name] = ...`` was an array's item assignment (pyRDDLGym-jax's
  compiler, where ``fls`` is a dict of fluents).

The labelled corpus pairs (``tests/corpus/*/s36_*.py``) run on the pinned JAX
(``tests/corpus/test_labels.py`` checks each label).
"""

from __future__ import annotations

import pytest

from tests._engine import assert_labelled_pair, error_findings

PAIRS = [
    (
        "incompatible-shapes-for-broadcasting/s36_eno_reversed_stencils_negative.py",
        "incompatible-shapes-for-broadcasting/s36_eno_stencils_first_first.py",
    ),
    (
        "too-many-indices/s36_linspace_retstep_negative.py",
        "too-many-indices/s36_linspace_row_sliced.py",
    ),
    (
        "tree-unflatten-not-treedef/s36_nonlocal_treedef_set_by_callback_negative.py",
        "tree-unflatten-not-treedef/s36_nonlocal_treedef_never_set.py",
    ),
    (
        "immutable-array-item-assignment/s36_vmapped_state_dict_copy_negative.py",
        "immutable-array-item-assignment/s36_vmapped_state_reshaped.py",
    ),
]


@pytest.mark.parametrize(("negative", "positive"), PAIRS)
def test_the_negative_is_silent_and_the_positive_flagged(negative: str, positive: str) -> None:
    assert_labelled_pair(negative, positive)


_SHRINKING = """\
import jax.numpy as jnp


def narrow(pieces, values):
    kept = values[1:] < values[:-1]
    for piece in pieces:
        kept = jnp.where(piece[1:] < piece[:-1], kept[1:], kept[:-1])
    return kept


def main(pieces):
    return narrow(pieces, jnp.ones(10))
"""


def test_an_error_only_a_second_pass_meets_is_silent() -> None:
    # one piece of 9 fits the first pass; a second would meet `kept` one shorter
    assert error_findings(_SHRINKING) == []


_FIRST_PASS = """\
import jax.numpy as jnp


def narrow(pieces, values):
    kept = values[1:] < values[:-1]
    for piece in pieces:
        kept = jnp.where(jnp.ones(3) < 1, kept[1:], kept[:-1])
    return kept


def main(pieces):
    return narrow(pieces, jnp.ones(10))
"""


def test_an_error_the_first_pass_meets_is_still_flagged() -> None:
    assert error_findings(_FIRST_PASS) == [("incompatible-shapes-for-broadcasting", 7)]


_KNOWN_PASSES = """\
import jax.numpy as jnp


def narrow(values):
    kept = values[1:] < values[:-1]
    for piece in (jnp.ones(9), jnp.ones(8)):
        kept = jnp.where(piece[1:] < piece[:-1], kept[1:], kept[:-1])
    for piece in reversed([jnp.ones(8), jnp.ones(8)]):
        kept = jnp.where(piece[1:] < piece[:-1], kept[1:], kept[:-1])
    return kept


narrow(jnp.ones(10))
"""


def test_a_second_pass_over_known_items_is_still_flagged() -> None:
    # 9 then 8 fit; the reversed pair's first 8 meets `kept` of 7 (JAX raises there)
    assert error_findings(_KNOWN_PASSES) == [("incompatible-shapes-for-broadcasting", 9)]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("jnp.linspace(0.0, 1.0, 5, retstep=True)", []),
        ("jnp.linspace(0.0, 1.0, 5, retstep=flag)", []),
        ("np.linspace(0.0, 1.0, 5, retstep=True)", []),
        ("jnp.linspace(0.0, 1.0, 2)", [("too-many-indices", 8)]),
        ("jnp.linspace(0.0, 1.0, 2, retstep=False)", [("too-many-indices", 8)]),
    ],
)
def test_linspace_with_retstep_is_the_pair(call: str, expected: list[tuple[str, int]]) -> None:
    source = (
        "import jax.numpy as jnp\nimport numpy as np\n\n\n"
        f"def times(flag):\n    ts, dt = {call}\n"
        "    head = jnp.asarray(ts)\n    return head[1:]\n"
    )
    assert error_findings(source) == expected


_ESCAPES = """\
from jax import tree_util
import {module}


def wrap(fn, *args):
    treedef = None

    def inner(*a):
        nonlocal treedef
        leaves, treedef = tree_util.tree_flatten(fn(*a))
        return tuple(leaves)

    leaves = {call}
    return tree_util.tree_unflatten(treedef, leaves)
"""


@pytest.mark.parametrize(
    ("module", "call", "flagged"),
    [
        ("autograd", "autograd.make_vjp(inner)(*args)[1]", False),  # unknown library
        ("scipy.optimize", "scipy.optimize.fixed_point(inner, args)", False),
        ("functools", "list(args)", True),  # inner never escapes: treedef stays None
        ("functools", "[inner] and list(args)", True),  # a list is no call that runs it
    ],
)
def test_a_nonlocal_rebound_by_code_not_run(module: str, call: str, flagged: bool) -> None:
    source = _ESCAPES.format(module=module, call=call)
    assert error_findings(source) == ([("tree-unflatten-not-treedef", 14)] if flagged else [])


_RUN_HERE = """\
from jax import tree_util


def wrap(fn, *args):
    treedef = 1

    def inner(*a):
        nonlocal treedef
        treedef = None
        return a

    leaves = apply(inner, *args)
    return tree_util.tree_unflatten(treedef, leaves)


def apply(f, *args):
    return f(*args)


wrap(abs, 1.0)
"""


def test_a_nonlocal_rebound_by_code_the_analysis_runs_is_still_followed() -> None:
    # `apply` is analysed: it calls `inner`, which sets the treedef to None (JAX raises)
    assert error_findings(_RUN_HERE) == [("tree-unflatten-not-treedef", 13)]


@pytest.mark.parametrize(
    ("method", "flagged"),
    [
        ("copy()", False),  # a dict's or a list's method too
        ("pop(0)", False),
        ("reshape(-1)", True),  # only an array has it
        ("astype(jnp.float32)", True),
    ],
)
def test_a_method_of_a_value_that_may_be_any_pytree(method: str, flagged: bool) -> None:
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\n"
        f"def step(state):\n    state = state.{method}\n    state[0] = 1.0\n    return state\n\n\n"
        "def run(state):\n    return jax.vmap(step)(state)\n"
    )
    assert error_findings(source) == ([("immutable-array-item-assignment", 7)] if flagged else [])
