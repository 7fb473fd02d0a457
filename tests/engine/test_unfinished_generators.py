"""The tests rewritten so that a text not seen before closes fewer generators unfinished (and
the regular expression that searches its text): each answers what the ``all()`` over a
generator (or the look-behind-first pattern) it replaces answered."""

from __future__ import annotations

import itertools
import re

import pytest

from jaxlsp.apis.shaping import concrete_ints
from jaxlsp.infer.values import (
    UNKNOWN,
    Array,
    Const,
    StateRef,
    Static,
    Tuple,
    Value,
    all_unplaced,
)
from jaxlsp.rules._pallas import same_ref
from jaxlsp.rules.jax_module_attribute_missing import dotted_reads


def _reference_pattern(imported: dict[str, str]) -> re.Pattern[str]:
    """The pattern as it was: one look-behind before all the names."""
    names = "|".join(re.escape(name) for name in imported)
    return re.compile(r"(?<![\w.])(" + names + r")((?:\.\w+)+)")


@pytest.mark.parametrize(
    "imported",
    [
        {"jax": "jax", "jnp": "jax.numpy", "lax": "jax.lax"},
        # a name that ends another one: each name's look-behind is its own
        {"np": "jax.numpy", "jnp": "jax.numpy"},
        {"jnp": "jax.numpy", "np": "jax.numpy", "p": "jax.experimental.pallas"},
        {"l": "jax.lax", "la": "jax.lax", "lax": "jax.lax"},
    ],
)
def testdotted_reads_find_what_the_look_behind_first_pattern_found(
    imported: dict[str, str],
) -> None:
    new, old = dotted_reads(imported), _reference_pattern(imported)
    texts = [
        "jnp.DeviceArray",
        "x = jnp.zeros(3) + np.ones(3)\ny = lax.foo.bar",
        "myjnp.x  a.np.y  _np.z  np.q",  # after a word character or a dot: not a read
        "(jnp.a)[np.b]\tla.c\nl.d",
    ]
    # every short text over the names' letters, a dot and separators
    texts += ["".join(t) for t in itertools.product("jnpla._ (", repeat=4)]
    for text in texts:
        assert new.findall(text) == old.findall(text), text


def testdotted_reads_skip_a_name_inside_another_word() -> None:
    pattern = dotted_reads({"np": "jax.numpy", "jnp": "jax.numpy"})
    assert pattern.findall("jnp.a np.b xnp.c .np.d") == [("jnp", ".a"), ("np", ".b")]


REF = StateRef(shape=(8,), dtype="float32")
OTHER_REF = StateRef(shape=(4,), dtype="float32")
ARRAY = Array(None)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ((REF,), REF),
        ((REF, REF), REF),
        ((), None),
        ((ARRAY,), None),
        ((ARRAY, REF), None),
        ((REF, ARRAY), None),  # a Ref first, then something else
        ((REF, OTHER_REF), None),  # two Refs, not one
        ((UNKNOWN,), None),
    ],
)
def test_same_ref(values: tuple[Value, ...], expected: StateRef | None) -> None:
    assert same_ref(values) == expected


@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        ([], True),
        ([()], True),
        ([(Array(None, unplaced=True),), (Const(1),)], True),
        ([(Array(None, unplaced=True),), (Array(None),)], False),  # may be placed
        ([(Const(1),), (UNKNOWN,)], False),  # an unknown may be a placed array
        ([(Const(1), UNKNOWN)], False),
        ([(Tuple(()),)], True),
    ],
)
def test_all_unplaced(inputs: list[tuple[Value, ...]], expected: bool) -> None:
    assert all_unplaced(inputs) is expected


def test_concrete_ints() -> None:
    both = Tuple(((Const(2),), (Const(3),)))
    assert concrete_ints((both,)) == [2, 3]
    assert concrete_ints((Const(4),)) == [4]
    # an int whose value is not known is no concrete int
    named = Tuple(((Const(2),), (Static("int"),)))
    assert concrete_ints((named,)) is None
    assert concrete_ints((UNKNOWN,)) is None
