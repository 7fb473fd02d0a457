"""Findings only where the code surely raises: a closure reads a variable of its enclosing
function late, when it runs, but where nothing rebinds that variable once the closure is made,
what it reads is what the variable held on the path that made it.  jax-md's
``pair_correlation(species=None)`` makes ``g_fn`` in the ``else`` of ``if species is None``;
``g_fn`` read ``species`` as the join of both branches (None among them), so the list it builds
reached the ``species is None`` arm of ``average_pair_correlation_results``
(``quantity.py:341``), which no call takes with a list.  ``Function.captured`` holds the
narrowed binding (``scopes.settled_names`` says which names are settled).  A variable rebound
after the closure is made (a later statement, a later pass of a loop around it) is still read
late, and a closure made before the guard sees no narrowing: those stay found.

``test_settled_closures_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from jaxlsp.infer.scopes import settled_names
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

#: (name, program, the codes of the findings it must get, of any severity): an empty set is a
#: program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "closure_made_where_the_guard_says_not_none",
        """
        import os

        import jax.numpy as jnp


        def average(gofr, species=None):
            if species is None:
                return jnp.mean(gofr, axis=0)
            return jnp.stack([jnp.mean(g, axis=0) for g in gofr])


        def pair_function(species=None, compute_average=False):
            if species is None:

                def g_fn(r):
                    g = r * 2
                    if compute_average:
                        g = average(g, species)
                    return g
            else:
                if not isinstance(species, jnp.ndarray):
                    raise TypeError("species must be an array")

                def g_fn(r):
                    g = []
                    for s in range(3):
                        g += [r + s]
                    if compute_average:
                        g = average(g, species)
                    return g

            return g_fn


        chosen = None if os.environ.get("NO_SPECIES_GIVEN") else jnp.arange(3)
        print(pair_function(chosen, compute_average=True)(jnp.ones((2, 4))))
        """,
        set(),
    ),
    (
        "closure_in_a_closure_made_under_the_guard",
        """
        import os

        import jax.numpy as jnp


        def average(gofr, species=None):
            if species is None:
                return jnp.mean(gofr, axis=0)
            return jnp.stack([jnp.mean(g, axis=0) for g in gofr])


        def pair_function(species=None):
            if species is not None:

                def outer(r):
                    def inner(x):
                        return average([x, x + 1], species)

                    return inner(r)

                return outer
            return lambda r: average(r, species)


        chosen = None if os.environ.get("NO_SPECIES_GIVEN") else jnp.arange(3)
        print(pair_function(chosen)(jnp.ones((2, 4))))
        """,
        set(),
    ),
    (
        "closure_whose_variable_is_rebound_to_none_after",
        """
        import os

        import jax.numpy as jnp


        def average(gofr, species=None):
            if species is None:
                return jnp.mean(gofr, axis=0)
            return jnp.stack([jnp.mean(g, axis=0) for g in gofr])


        def pair_function(species=None):
            if species is not None:

                def g_fn(r):
                    return average([r, r + 1], species)
            else:

                def g_fn(r):
                    return average(r, species)

            species = None
            return g_fn


        chosen = None if os.environ.get("NO_SPECIES_GIVEN") else jnp.arange(3)
        print(pair_function(chosen)(jnp.ones((2, 4))))
        """,
        {"list-as-array-argument"},
    ),
    (
        "closure_made_before_the_guard",
        """
        import os

        import jax.numpy as jnp


        def average(gofr, species=None):
            if species is None:
                return jnp.mean(gofr, axis=0)
            return jnp.stack([jnp.mean(g, axis=0) for g in gofr])


        def pair_function(species=None):
            def g_fn(r):
                return average([r, r + 1], species)

            if species is None:
                print("one g(r) for all particles")
            return g_fn


        print(pair_function()(jnp.ones((2, 4))))
        """,
        {"list-as-array-argument"},
    ),
    (
        "closure_made_in_a_loop_that_rebinds_the_variable",
        """
        import os

        import jax.numpy as jnp


        def average(gofr, species=None):
            if species is None:
                return jnp.mean(gofr, axis=0)
            return jnp.stack([jnp.mean(g, axis=0) for g in gofr])


        def pair_functions(count):
            functions = []
            current = jnp.arange(3)
            for _ in range(count):
                species = current
                if species is not None:
                    functions.append(lambda r: average([r, r + 1], species))
                current = None
            return functions


        print(pair_functions(2)[0](jnp.ones((2, 4))))
        """,
        {"list-as-array-argument"},
    ),
]


def _codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_findings_only_where_the_code_raises(name: str, source: str, expected: set[str]) -> None:
    assert _codes(source) == expected


def _settled(source: str, inner: str) -> set[str]:
    tree = ast.parse(textwrap.dedent(source))
    outer = tree.body[0]
    assert isinstance(outer, ast.FunctionDef)
    definition = next(
        node
        for node in ast.walk(outer)
        if isinstance(node, ast.FunctionDef | ast.Lambda)
        and node is not outer
        and (isinstance(node, ast.Lambda) or node.name == inner)
    )
    local = frozenset({"x", "y", "f", "g", "i"})
    return set(settled_names(tree, outer, definition, local))


@pytest.mark.parametrize(
    ("source", "inner", "expected"),
    [
        (
            "def m(x, y):\n    if x is None:\n        def g(): return x, y\n    return g\n",
            "g",
            {"x", "y"},
        ),
        ("def m(x, y):\n    def g(): return x, y\n    x = None\n    return g\n", "g", {"y"}),
        (
            "def m(x, y):\n    for i in y:\n        x = i\n        def g(): return x, y\n    return g\n",
            "g",
            {"y"},
        ),
        (
            "def m(x, y):\n    def g():\n        nonlocal x\n        x = 1\n        return x, y\n    return g\n",
            "g",
            {"y"},
        ),
        ("def m(x, y):\n    f = lambda: f()\n    return f\n", "", set()),
        ("def m(x, y):\n    def g(): return g, x\n    return g\n", "g", {"x"}),
        ("def m(x, y):\n    return [lambda: x for x in y]\n", "", set()),
    ],
)
def test_settled_names(source: str, inner: str, expected: set[str]) -> None:
    """Only what nothing binds again once the function is made: not what a later statement,
    a loop's next pass, a ``nonlocal`` or the statement that makes it binds, nor anything in
    a comprehension."""
    assert _settled(source, inner) == expected


#: Each kind of statement that binds a name, after the closure is made (the name is read late:
#: not settled) and before it (settled), with a name it reads that nothing binds (``y``).
_BINDERS = {
    "import": "import x",
    "import_from": "from os import path as x",
    "def": "def x(): pass",
    "class": "class x: pass",
    "except_as": "try:\n        pass\n    except ValueError as x:\n        pass",
    "with_as": "with open(y) as x:\n        pass",
    "for_target": "for x in y:\n        pass",
    "augmented": "x += 1",
    "annotated": "x: int = 1",
    "delete": "del x",
    "walrus": "print(x := 1)",
    "match_capture": "match y:\n        case [*x]:\n            pass",
    "match_as": "match y:\n        case {'a': 1, **x}:\n            pass",
}


@pytest.mark.parametrize("binder", sorted(_BINDERS))
def test_each_kind_of_binding_after_the_closure_unsettles(binder: str) -> None:
    """Every way a statement binds a name (``scopes._bindings`` tells each kind apart) makes
    a name a closure made before it reads unsettled; the same statement before the closure
    leaves it settled."""
    statement = _BINDERS[binder]
    after = f"def m(x, y):\n    def g(): return x, y\n    {statement}\n    return g\n"
    before = f"def m(x, y):\n    {statement}\n    def g(): return x, y\n    return g\n"
    assert _settled(after, "g") == {"y"}
    assert _settled(before, "g") == {"x", "y"}
