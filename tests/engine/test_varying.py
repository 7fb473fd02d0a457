"""The reading of which mesh axes a shard_map body's outputs vary over (``jaxlsp.apis.varying``):
exact where every step is read, None (silent) where any is not."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.apis.varying import ModuleNames, output_axes

HEADER = """
import jax
import jax.numpy as jnp
from jax import lax
from jax.lax import psum
"""

ON_I = frozenset({"i"})
ON_IJ = frozenset({"i", "j"})
NONE: frozenset[str] = frozenset()


def _read(source: str, arguments: list[frozenset[str] | None], method: bool = False):
    tree = ast.parse(HEADER + source)
    names = ModuleNames.of(tree.body)
    body = names.functions["body"]
    return output_axes(body, arguments, names, skip_first=method)


@pytest.mark.parametrize(
    ("source", "arguments", "expected"),
    [
        ("def body(v):\n    return v * 2\n", [ON_I], [ON_I]),
        ("def body(v):\n    return lax.psum(v.sum(), 'i')\n", [ON_IJ], [frozenset({"j"})]),
        ("def body(v):\n    return psum(v, ('i', 'j'))\n", [ON_IJ], [NONE]),
        ("def body(v):\n    return jax.lax.pmean(v, axis_name='i')\n", [ON_I], [NONE]),
        ("def body(v):\n    return lax.all_gather(v, 'i', tiled=True)\n", [ON_I], [ON_I]),
        ("def body(v, w):\n    return v.shape[0] * w\n", [ON_I, NONE], [NONE]),
        ("def body(v):\n    s = lax.pmax(v, 'i')\n    return s, v\n", [ON_I], [NONE, ON_I]),
        ("def body(v):\n    a, b = jnp.split(v, 2)\n    return a + b\n", [ON_I], [ON_I]),
        ("def body(v):\n    return lax.axis_index('i') + 1\n", [NONE], [ON_I]),
        # a helper at the module's top level is read too
        (
            "def helper(u):\n    return lax.psum(u, 'i')\n\ndef body(v):\n    return helper(v)\n",
            [ON_I],
            [NONE],
        ),
        # a method's self varies over nothing, and its attributes are constants
        ("def body(self, v):\n    return v * self.scale\n", [ON_I], [ON_I]),
    ],
)
def test_exact_readings(
    source: str, arguments: list[frozenset[str] | None], expected: list[frozenset[str]]
) -> None:
    method = source.startswith("def body(self")
    assert _read(source, arguments, method) == expected


@pytest.mark.parametrize(
    "source",
    [
        # control flow
        "def body(v):\n    for _ in range(2):\n        v = lax.psum(v, 'i')\n    return v\n",
        # a call it does not know, a loop primitive, a function passed in
        "def body(v):\n    return print(v)\n",
        "def body(v):\n    return lax.fori_loop(0, 2, lambda i, c: c, v)\n",
        "def body(v, f=None):\n    return f(v)\n",
        # a method of self may hold a collective
        "def body(self, v):\n    return self.reduce(v)\n",
        # one name bound to items that vary unlike: either item could be read
        "def body(v):\n    pair = (lax.psum(v, 'i'), v)\n    return pair[0]\n",
        # a Python test choosing between branches that vary unlike
        "def body(v, flag=True):\n    return v if flag else lax.psum(v, 'i')\n",
        # a collective over groups of devices
        "def body(v):\n    return lax.psum(v, 'i', axis_index_groups=[[0, 1]])\n",
    ],
)
def test_anything_unread_is_none(source: str) -> None:
    method = source.startswith("def body(self")
    assert _read(source, [ON_I], method) is None


def test_an_unknown_argument_is_none() -> None:
    assert _read("def body(v):\n    return v\n", [None]) is None


def test_a_name_bound_twice_at_the_top_level_is_not_followed() -> None:
    source = "def helper(u):\n    return u\n\nhelper = None\n\ndef body(v):\n    return helper(v)\n"
    assert _read(source, [ON_I]) is None
