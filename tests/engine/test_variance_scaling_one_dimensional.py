"""``variance-scaling-one-dimensional``: a variance-scaling initializer with the default
``in_axis`` given to a 1-D parameter of a Linen layer (a bias, a LayerNorm scale) raises
ValueError when ``init`` creates it (jax 0.12.0.1's ``_compute_fans``); each case with its
close negative, every label run on the pinned JAX with flax (the rebuilds of flax#1386 and
flax#2749 are in bench/realbugs)."""

from __future__ import annotations

import importlib.util

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "variance-scaling-one-dimensional"
HEAD = """import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.nn import initializers

key = jax.random.PRNGKey(0)
x = jnp.ones((1, 4, 4, 3))
I = nn.initializers

"""
COMPACT = """class Net(nn.Module):
    width: int = 4

    @nn.compact
    def __call__(self, x):
        x = {layer}(x)
        return nn.Dense(1)(x)

"""

# (the statements after HEAD, the 0-based line of the finding among them or None)
CASES = [
    ("layer = nn.Dense(5, bias_init=nn.initializers.lecun_normal())\nv = layer.init(key, x)\n", 0),
    ("v = nn.Conv(5, (3, 3), bias_init=initializers.he_uniform()).init(key, x)\n", 0),
    ("v = nn.LayerNorm(scale_init=I.glorot_normal()).init_with_output(key, x)\n", 0),
    (
        "v = nn.DenseGeneral(3, bias_init=I.variance_scaling(2.0, 'fan_in', 'normal')).init(key, x)\n",
        0,
    ),
    (
        "layer = nn.ConvTranspose(5, (3, 3), bias_init=I.xavier_uniform(), use_bias=True)\n"
        "v = layer.init({'params': key}, x)\n",
        0,
    ),
    (
        COMPACT.format(layer="nn.Dense(self.width, bias_init=I.kaiming_normal())")
        + "v = Net().init(key, x)\n",
        5,
    ),
    # close negatives
    ("layer = nn.Dense(5, kernel_init=I.lecun_normal())\nv = layer.init(key, x)\n", None),
    (
        "layer = nn.Dense(5, bias_init=I.lecun_normal(), use_bias=False)\nv = layer.init(key, x)\n",
        None,
    ),
    (
        "layer = nn.Dense(5, bias_init=I.lecun_normal(in_axis=0, out_axis=0))\n"
        "v = layer.init(key, x)\n",
        None,
    ),
    (
        "layer = nn.Dense(5, bias_init=I.variance_scaling(1.0, 'fan_in', 'normal', 0, 0))\n"
        "v = layer.init(key, x)\n",
        None,
    ),
    ("layer = nn.Dense(5, bias_init=I.truncated_normal())\nv = layer.init(key, x)\n", None),
    (
        "layer = nn.Embed(10, 3, embedding_init=I.lecun_normal())\n"
        "v = layer.init(key, jnp.ones((2,), jnp.int32))\n",
        None,
    ),
    # made but never initialised
    ("layer = nn.Dense(5, bias_init=I.lecun_normal())\n", None),
    (
        COMPACT.format(layer="nn.Dense(self.width, bias_init=I.kaiming_normal())") + "m = Net()\n",
        None,
    ),
    (
        "layer = nn.Dense(5, bias_init=I.lecun_normal())\n"
        "try:\n    v = layer.init(key, x)\nexcept ValueError:\n    v = None\n",
        None,
    ),
]


def _lines(body: str) -> list[int]:
    source = HEAD + body
    analysis = fresh_engine().analyze(source, "model.py")
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in analysis.findings if f.code == CODE]


@pytest.mark.parametrize(("body", "line"), CASES)
def test_a_fan_based_initializer_of_a_one_dimensional_parameter(
    body: str, line: int | None
) -> None:
    assert _lines(body) == ([] if line is None else [line])


def test_a_layer_in_a_branch_of_the_compact_method_stays_silent() -> None:
    body = (
        "class Gate(nn.Module):\n"
        "    deep: bool = False\n\n"
        "    @nn.compact\n"
        "    def __call__(self, x):\n"
        "        if self.deep:\n"
        "            x = nn.Dense(4, bias_init=I.lecun_normal())(x)\n"
        "        return x\n\n"
        "v = Gate().init(key, x)\n"
    )
    assert _lines(body) == []


def test_apply_is_left_silent() -> None:
    """``apply`` evaluates the initializer too (flax checks the shape of a parameter it is
    given), but which error comes first rests on what the variables hold."""
    body = (
        "layer = nn.Dense(5, bias_init=I.lecun_normal())\n"
        "v = {'params': {'kernel': jnp.ones((3, 5)), 'bias': jnp.zeros(5)}}\n"
        "y = layer.apply(v, x)\n"
    )
    assert _lines(body) == []


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does() -> None:
    if importlib.util.find_spec("flax") is None:
        pytest.skip("flax is not installed")
    raised = raised_on_jax("variance_scaling_one_dimensional", [HEAD + body for body, _ in CASES])
    assert raised == [line is not None for _, line in CASES]
