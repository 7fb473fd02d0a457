"""``linen-setup-list-frozen``: a list assigned to ``self`` in a Linen module's ``setup`` is
kept as a tuple (flax 0.12.12's ``_freeze_attr``), so a list method called on it later in
``setup`` raises AttributeError; each case with its close negative, every label run on the
pinned JAX with flax (the rebuilds of flax#524 and flax#674 are in bench/realbugs)."""

from __future__ import annotations

import importlib.util

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "linen-setup-list-frozen"
HEAD = """import jax
import jax.numpy as jnp
from flax import linen as nn

key = jax.random.PRNGKey(0)
x = jnp.ones((1, 3))

"""


def _stack(setup: str, call: str = "    def __call__(self, x):\n        return x\n") -> str:
    return f"class Stack(nn.Module):\n    sizes: tuple = (4, 4)\n\n    def setup(self):\n{setup}\n{call}\n"


FOUND = [
    # (setup body, after the class, found)
    (
        "        self.layers = [nn.Dense(4)]\n        self.layers.append(nn.Dense(2))\n",
        "v = Stack().init(key, x)\n",
        True,
    ),
    (
        "        self.layers = [nn.Dense(s) for s in self.sizes]\n"
        "        self.layers.extend([nn.Dense(2)])\n",
        "m = Stack()\nv = m.init(key, x)\n",
        True,
    ),
    (
        "        self.layers = []\n        self.layers.insert(0, nn.Dense(2))\n",
        "v = Stack((2,)).init({'params': key}, x)\n",
        True,
    ),
    (
        "        self.names = list(('a', 'b'))\n        self.scale = 2.0\n"
        "        self.names.sort()\n",
        "y = Stack().apply({}, x)\n",
        True,
    ),
]
SILENT = [
    # built in a local, assigned once complete
    (
        "        layers = [nn.Dense(4)]\n        layers.append(nn.Dense(2))\n"
        "        self.layers = layers\n",
        "v = Stack().init(key, x)\n",
        False,
    ),
    # a tuple assigned: no list method called
    (
        "        self.layers = (nn.Dense(4),)\n        self.layers = (*self.layers, nn.Dense(2))\n",
        "v = Stack().init(key, x)\n",
        False,
    ),
    # reassigned between: the second list is frozen too, but the call is on a new local
    (
        "        self.layers = [nn.Dense(4)]\n        more = list(self.layers)\n"
        "        more.append(nn.Dense(2))\n",
        "v = Stack().init(key, x)\n",
        False,
    ),
    # never initialised or applied: setup never runs
    (
        "        self.layers = [nn.Dense(4)]\n        self.layers.append(nn.Dense(2))\n",
        "m = Stack()\n",
        False,
    ),
    # under a branch: not on the straight path
    (
        "        self.layers = [nn.Dense(4)]\n        if len(self.sizes) > 5:\n"
        "            self.layers.append(nn.Dense(2))\n",
        "v = Stack().init(key, x)\n",
        False,
    ),
    # handled
    (
        "        self.layers = [nn.Dense(4)]\n        self.layers.append(nn.Dense(2))\n",
        "try:\n    v = Stack().init(key, x)\nexcept AttributeError:\n    v = None\n",
        False,
    ),
]


def _program(setup: str, after: str) -> str:
    return HEAD + _stack(setup) + after


def _lines(source: str) -> list[int]:
    analysis = fresh_engine().analyze(source, "model.py")
    return [f.span.start.line for f in analysis.findings if f.code == CODE]


@pytest.mark.parametrize(("setup", "after", "found"), FOUND + SILENT)
def test_a_list_method_on_a_frozen_setup_list(setup: str, after: str, found: bool) -> None:
    source = _program(setup, after)
    lines = _lines(source)
    if not found:
        assert lines == []
        return
    marked = [
        number
        for number, line in enumerate(source.splitlines())
        if line.strip().startswith("self.") and "(" in line and "=" not in line
    ]
    assert lines == marked[:1]


def test_a_base_classes_setup_is_followed_and_reported_once() -> None:
    source = (
        HEAD
        + _stack("        self.layers = [nn.Dense(4)]\n        self.layers.append(nn.Dense(2))\n")
        + "class Deeper(Stack):\n    pass\n\nv = Deeper().init(key, x)\nw = Stack().init(key, x)\n"
    )
    assert len(_lines(source)) == 1


def test_a_field_set_in_setup_is_left_to_its_own_error() -> None:
    # SetAttributeInModuleSetupError comes first (linen-setup-sets-field)
    source = HEAD + (
        "class Stack(nn.Module):\n"
        "    layers: tuple = ()\n\n"
        "    def setup(self):\n"
        "        self.layers = [nn.Dense(4)]\n"
        "        self.layers.append(nn.Dense(2))\n\n"
        "    def __call__(self, x):\n        return x\n\n"
        "v = Stack().init(key, x)\n"
    )
    assert _lines(source) == []


def test_a_module_defining_setattr_stays_silent() -> None:
    source = HEAD + (
        "class Loose(nn.Module):\n"
        "    def __setattr__(self, name, value):\n"
        "        object.__setattr__(self, name, value)\n\n"
        "    def setup(self):\n"
        "        self.layers = [nn.Dense(4)]\n"
        "        self.layers.append(nn.Dense(2))\n\n"
        "    def __call__(self, x):\n        return x\n\n"
        "v = Loose().init(key, x)\n"
    )
    assert _lines(source) == []


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does() -> None:
    if importlib.util.find_spec("flax") is None:
        pytest.skip("flax is not installed")
    cases = FOUND + SILENT
    raised = raised_on_jax(
        "linen_setup_list_frozen", [_program(setup, after) for setup, after, _ in cases]
    )
    assert raised == [found for _, _, found in cases]
