"""Error findings only where the code surely raises: two causes the execution oracle found at
stop 36 (agjax ``wrapper.py:101``, jaxmarl ``hanabi.py:530`` and ``hanabi_game.py:197``, each
refuted by the package's own tests on main 5c898f0).

``jnp.repeat`` (and the ``repeat`` method) reads its ``repeats`` as a value before anything
converts it: under jit a NumPy constant or a concrete JAX array closed over is still a value
there, so the result's size is known (3403ff2 took it for ``unique``'s operand, which JAX
converts into a tracer first, and raises).

A nested function that rebinds a variable of its enclosing function with ``nonlocal`` and is
given to a call (``autograd.make_vjp(fn)(*args)``, a library the analysis does not follow)
may run there: once the call returns, the variable may hold what the function assigned, so
its value before the call (None) is not proved.  Called directly, or through a transform the
analysis follows, the function's own assignment is what the variable holds.  Each case is a
pair as in ``test_proved_errors``; ``test_oracle36_causes_on_jax.py`` runs every program on
the pinned JAX and checks its label.
"""

from __future__ import annotations

import pytest

from tests._engine import error_codes

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "closure_given_to_a_library_that_calls_it",
        """
        import jax
        import jax.numpy as jnp
        from oracle36_runner import make_vjp


        def wrapped(fn, x):
            treedef = None

            def flat(*args):
                nonlocal treedef
                leaves, treedef = jax.tree_util.tree_flatten(fn(*args))
                return tuple(leaves)

            leaves = make_vjp(flat)(x)
            return jax.tree_util.tree_unflatten(treedef, leaves)


        print(wrapped(lambda v: {"a": v, "b": v * 2}, jnp.ones(3)))
        """,
        set(),
    ),
    (
        "closure_given_by_keyword_through_a_partial",
        """
        import functools

        import jax
        import jax.numpy as jnp
        from oracle36_runner import run_with


        def wrapped(fn, x):
            treedef = None

            def flat(scale, *args):
                nonlocal treedef
                leaves, treedef = jax.tree_util.tree_flatten(fn(*args))
                return [leaf * scale for leaf in leaves]

            leaves = run_with(x, body=functools.partial(flat, 2.0))
            return jax.tree_util.tree_unflatten(treedef, leaves)


        print(wrapped(lambda v: (v, v + 1), jnp.ones(3)))
        """,
        set(),
    ),
    (
        "closure_given_away_rebinds_another_name",
        """
        import jax
        import jax.numpy as jnp
        from oracle36_runner import make_vjp


        def wrapped(fn, x):
            treedef = None
            count = 0

            def flat(*args):
                nonlocal count
                count += 1
                return tuple(jax.tree_util.tree_leaves(fn(*args)))

            leaves = make_vjp(flat)(x)
            return jax.tree_util.tree_unflatten(treedef, leaves)


        print(wrapped(lambda v: {"a": v}, jnp.ones(3)))
        """,
        {"tree-unflatten-not-treedef"},
    ),
    (
        "closure_called_directly_rebinds_to_none",
        """
        import jax
        import jax.numpy as jnp


        def wrapped(fn, x):
            treedef = jax.tree_util.tree_structure(x)

            def flat(*args):
                nonlocal treedef
                treedef = None
                return tuple(jax.tree_util.tree_leaves(fn(*args)))

            leaves = flat(x)
            return jax.tree_util.tree_unflatten(treedef, leaves)


        print(wrapped(lambda v: {"a": v}, jnp.ones(3)))
        """,
        {"tree-unflatten-not-treedef"},
    ),
    (
        "repeat_by_a_numpy_constant_of_a_static_self",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Game:
            def __init__(self, num_ranks=5, num_cards_of_rank=np.array([3, 2, 2, 2, 1])):
                self.num_ranks = num_ranks
                self.num_cards_of_rank = np.asarray(num_cards_of_rank)

            @partial(jax.jit, static_argnums=[0])
            def reset_game(self, key):
                ranks = jnp.arange(self.num_ranks)
                return jnp.repeat(ranks, self.num_cards_of_rank)


        print(Game().reset_game(jax.random.key(0)))
        """,
        set(),
    ),
    (
        "repeat_method_by_a_jax_constant_closed_over",
        """
        import jax
        import jax.numpy as jnp

        COUNTS = jnp.array([3, 2, 2, 2, 1])


        @jax.jit
        def deal(ranks):
            return ranks.repeat(COUNTS)


        print(deal(jnp.arange(5)))
        """,
        set(),
    ),
    (
        "unique_of_a_numpy_constant_under_jit",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        COUNTS = np.array([3, 2, 2, 2, 1])


        @jax.jit
        def kinds(ranks):
            return ranks[: jnp.unique(COUNTS).shape[0]]


        print(kinds(jnp.arange(5)))
        """,
        {"concretization-type-error"},
    ),
    (
        "repeat_by_traced_counts",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def deal(ranks, counts):
            return jnp.repeat(ranks, counts)


        print(deal(jnp.arange(5), jnp.array([3, 2, 2, 2, 1])))
        """,
        {"concretization-type-error"},
    ),
]


#: Modules the programs import that the analysis is not given, written beside them on JAX.
SUPPORT_MODULES = {
    "oracle36_runner.py": "def make_vjp(fn):\n"
    "    return lambda *args: list(fn(*args))\n\n\n"
    "def run_with(*args, body):\n"
    "    return body(*args)\n",
}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected
