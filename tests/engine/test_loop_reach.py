"""Values followed through loops over known items: a loop over up to ``MAX_UNROLLED`` items
(``range(6)``, a list of six sizes, the characters of a string) runs one pass per item, an
object made in one of those passes is not the one the same line made in another, a list
comprehension's list may be appended to, two lists joined with ``+`` keep their items, a
generator's items are what it yields, a Python number of unknown value is still a number, and
many ints joined are still an int. Each source marks where the engine must report
(``# expect:``), and reports nothing else."""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.values import Const, Static, join, one
from tests.engine._expect import expected, findings_of
from tests.engine.test_interpreter import _globals

ENGINE = Engine()

SOURCES = {
    "layer widths from six sizes that do not chain": """
        import jax.numpy as jnp

        sizes = [3, 5, 7, 5, 3, 2]
        weights = [jnp.ones((sizes[i], sizes[i])) for i in range(len(sizes) - 1)]
        x = jnp.ones(3)
        for w in weights:
            x = x @ w  # expect: dot-general-contracting-dims-mismatch
        """,
    "rows stacked from a loop over range(7), then a planar cross product": """
        import jax.numpy as jnp

        rows = []
        for i in range(7):
            rows.append(jnp.array([float(i), 0.0]))
        jnp.cross(jnp.stack(rows), jnp.ones((7, 2)))  # expect: cross-product-dimension
        """,
    "one row of character codes per word, of different lengths": """
        import jax.numpy as jnp

        words = ["ab", "abcdef"]
        jnp.array([[ord(c) for c in w] for w in words])  # expect: array-ragged-nested-sequence
        """,
    "slices taken in a loop, the last one shorter": """
        import jax.numpy as jnp

        values = [1, 2, 3, 4, 5, 6, 7]
        parts = []
        for start in range(0, len(values), 3):
            parts.append(values[start : start + 3])
        jnp.array(parts)  # expect: array-ragged-nested-sequence
        """,
    "six switch branches built in a loop, one of another shape": """
        import jax.numpy as jnp
        from jax import lax

        branches = [lambda x, k=k: x * k for k in range(5)]
        branches.append(lambda x: x.sum())
        lax.switch(1, branches, jnp.ones(3))  # expect: switch-branch-output-mismatch
        """,
    "layer sizes joined with + into a list of five, the input width wrong": """
        import jax.numpy as jnp

        hidden = [8, 16, 8]
        sizes = [4] + hidden + [2]
        weights = [jnp.ones((m, n)) for m, n in zip(sizes[:-1], sizes[1:])]
        x = jnp.ones(3)
        for w in weights:
            x = x @ w  # expect: dot-general-contracting-dims-mismatch
        """,
    "a loop over a generator's items, each a reduction": """
        import jax.numpy as jnp

        def norms(rows):
            for row in rows:
                yield jnp.sum(row**2)

        def inner(rows):
            yield from norms(rows)

        for n in inner([jnp.ones(3)]):
            len(n)  # expect: len-of-0d-array
        """,
}

NEGATIVES = {
    "layer widths from six sizes that chain": """
        import jax.numpy as jnp

        sizes = [3, 5, 7, 5, 3, 2]
        weights = [jnp.ones((sizes[i], sizes[i + 1])) for i in range(len(sizes) - 1)]
        x = jnp.ones(3)
        for w in weights:
            x = x @ w
        """,
    "slices taken in a loop, every one full": """
        import jax.numpy as jnp

        values = [1, 2, 3, 4, 5, 6]
        parts = []
        for start in range(0, len(values), 3):
            parts.append(values[start : start + 3])
        jnp.array(parts)
        """,
    "a list made before the loop is still one list the passes append to": """
        import jax.numpy as jnp

        rows = []
        for i in range(6):
            row = rows
            row.append(1)
        jnp.array([rows, [1, 1, 1, 1, 1, 1]])
        """,
    "a loop over a generator's items, each a row": """
        import jax.numpy as jnp

        def halves(rows):
            for row in rows:
                yield row / 2

        for h in halves([jnp.ones((2, 3))]):
            len(h)
        """,
}


@pytest.mark.parametrize("source", SOURCES.values(), ids=list(SOURCES))
def test_reported_through_the_loop(source: str) -> None:
    assert findings_of(ENGINE, source) == expected(textwrap.dedent(source))


@pytest.mark.parametrize("source", NEGATIVES.values(), ids=list(NEGATIVES))
def test_close_negatives_stay_silent(source: str) -> None:
    assert findings_of(ENGINE, source) == set()


def test_loops_nested_past_the_budget_join_their_inner_items() -> None:
    """Nested loops over known items run one pass per item only while the product of their
    passes stays small: the inner loop of a 6 x 6 nest runs twice, over any of its items."""
    names = _globals(
        """
        outer = [[column for column in range(6)] for row in range(3)]
        nested = [[column for column in range(6)] for row in range(6)]
        short = len(outer[0])
        joined = len(nested[0])
        """
    )
    assert names["short"] == one(Const(6))
    (joined,) = names["joined"]
    assert isinstance(joined, Static) and joined.type_name == "int"


def test_a_comprehension_over_known_items_keeps_its_keys_and_what_its_filter_keeps() -> None:
    """A dict comprehension over known items has their keys; a condition known on every pass
    (a string method of a known name, a comparison) keeps the items it surely keeps; a
    condition not known leaves the items unknown, and a dict made from an unknown mapping has
    keys not known."""
    names = _globals(
        """
        import sys

        widths = {name: len(name) for name in ("ab", "abcd")}
        wide = widths["abcd"]
        names = ["aux_a", "x", "aux_b", "y", "z"]
        aux = [name.upper() for name in names if name.startswith("aux_")]
        aux_count = len(aux)
        last = aux[-1]
        picked = len([n for n in range(6) if n > len(sys.argv)])
        # a condition not known, then one that surely fails: no item
        none = len([n for n in range(6) if n > len(sys.argv) if n > 10])
        opaque = dict(sys.argv)
        opaque["lr"] = 0.1
        batch = opaque.get("batch", 7)
        """
    )
    assert names["wide"] == one(Const(4))
    assert names["aux_count"] == one(Const(2))
    assert names["last"] == one(Const("AUX_B"))
    assert names["picked"] != one(Const(6))
    assert names["picked"] != one(Const(0))
    assert names["none"] == one(Const(0))
    assert names["batch"] != one(Const(7))  # another key may hold it


def test_many_ints_joined_are_an_int() -> None:
    many = [one(Const(n)) for n in range(20)]
    assert join(*many) == one(Static("int"))
    assert join(*many, one(Const("a"))) != one(Static("int"))
    assert join(*many, one(Const(None))) != one(Static("int"))
