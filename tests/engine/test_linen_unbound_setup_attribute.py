"""``linen-unbound-setup-attribute``: an attribute only ``setup`` assigns, read on the unbound
instance a program holds (``init``/``apply`` run ``setup`` on a bound clone), or read by a
non-compact ``__call__`` called on it, raises AttributeError (flax 0.12.12's
``Module.__getattr__``); each case with its close negative, every label run on the pinned JAX
with flax (the rebuilds of flax#1014 and flax#1685 are in bench/realbugs)."""

from __future__ import annotations

import importlib.util

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "linen-unbound-setup-attribute"
HEAD = """import jax
import jax.numpy as jnp
from flax import linen as nn

key = jax.random.PRNGKey(0)
x = jnp.ones((1, 3))


class Scaled(nn.Module):
    features: int = 2

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.scale = 3.0

    def __call__(self, x):
        return self.dense(x) * self.scale

    def double(self, x):
        return 2 * x


class Deeper(Scaled):
    pass


class Compact(nn.Module):
    def setup(self):
        self.scale = 3.0

    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x) * self.scale


class Field(nn.Module):
    scale: float = 1.0

    def __call__(self, x):
        return x * self.scale

"""

# (the statements after HEAD, the 0-based line of the finding among them or None)
CASES = [
    ("m = Scaled()\nv = m.init(key, x)\nprint(m.scale)\n", 2),
    ("m = Scaled(4)\nd = m.dense\n", 1),
    ("print(Scaled().scale)\n", 0),
    ("m = Deeper()\nv = m.init(key, x)\nf = m.dense.features\n", 2),
    ("m = Scaled()\nv = m.init(key, x)\ny = m(x)\n", 2),  # __call__ reads self.dense
    ("m = Scaled()\nv = m.init(key, x)\nprint(m.bind(v).scale)\n", None),  # bound
    ("m = Scaled()\nv = m.init(key, x)\ns = m.apply(v, method=lambda mod: mod.scale)\n", None),
    ("m = Scaled()\nprint(m.features)\n", None),  # a field
    ("m = Scaled()\ny = m.double(x)\n", None),  # a method reading no setup attribute
    ("m = Field()\ny = m(x)\n", None),  # no setup
    ("m = Scaled()\nprint(hasattr(m, 'scale'))\n", None),
    ("m = Scaled()\ntry:\n    s = m.scale\nexcept AttributeError:\n    s = None\n", None),
    ("m = Scaled()\ns = m.scale if hasattr(m, 'scale') else 1.0\n", None),
    ("m = Scaled()\ndef read():\n    return m.scale\n", None),  # never called
    ("m = Scaled()\nm = m.bind(m.init(key, x))\nprint(m.scale)\n", None),  # rebound
]


def _lines(body: str) -> list[int]:
    source = HEAD + body
    analysis = fresh_engine().analyze(source, "model.py")
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in analysis.findings if f.code == CODE]


@pytest.mark.parametrize(("body", "line"), CASES)
def test_a_setup_attribute_of_an_unbound_module(body: str, line: int | None) -> None:
    assert _lines(body) == ([] if line is None else [line])


def test_a_compact_call_is_left_to_its_own_error() -> None:
    # CallCompactUnboundModuleError comes first (another record's error)
    assert _lines("m = Compact()\ny = m(x)\n") == []


def test_the_message_names_the_attribute_and_setup() -> None:
    analysis = fresh_engine().analyze(HEAD + "m = Scaled()\nprint(m.scale)\n", "model.py")
    (found,) = [f for f in analysis.findings if f.code == CODE]
    assert "`scale` is assigned only in `Scaled.setup`" in found.message
    assert found.related and "setup" in found.related[0].message


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does() -> None:
    if importlib.util.find_spec("flax") is None:
        pytest.skip("flax is not installed")
    cases = [*CASES, ("m = Compact()\ny = m(x)\n", 0)]
    raised = raised_on_jax("linen_unbound_setup_attribute", [HEAD + body for body, _ in cases])
    assert raised == [line is not None for _, line in cases]
