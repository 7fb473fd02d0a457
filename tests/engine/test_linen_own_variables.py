"""A linen module's own ``self.variable(col, ...)`` and ``self.param(...)`` (``jaxlsp.apis.
linen_api``): applied with variables that surely lack the collection, and the collection not
mutable, flax's scope raises ScopeCollectionNotFound (flax#977, bench/realbugs/fresh12).  Each
case was run on the pinned JAX with flax 0.12.12; the close negatives run."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine

MODELS = """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Recurrent(nn.Module):
    @nn.compact
    def __call__(self, x):
        state = self.variable("lstm_states", "h", jnp.zeros, (4, 3))
        return nn.Dense(3)(x) + state.value


class Scale(nn.Module):
    @nn.compact
    def __call__(self, x):
        w = self.param("w", nn.initializers.ones, (x.shape[-1],))
        return x * w


model = Recurrent()
x = jnp.ones((4, 2))
variables = model.init(jax.random.key(0), x)
params = variables["params"]
"""


def _codes(call: str) -> list[tuple[int, str]]:
    source = MODELS + f"y = {call}\n"
    findings = fresh_engine().analyze(source, "model.py").findings
    return sorted((f.span.start.line + 1, f.code) for f in findings)


def _last(call: str) -> int:
    return (MODELS + f"y = {call}\n").count("\n")


@pytest.mark.parametrize(
    "call",
    [
        'model.apply({"params": params}, x)',
        "Scale().apply({}, x)",
        'Scale().apply({"batch_stats": {}}, x)',
    ],
)
def test_a_collection_its_own_variable_reads_surely_missing_is_found(call: str) -> None:
    assert _codes(call) == [(_last(call), "linen-apply-collection-missing")]


@pytest.mark.parametrize(
    "call",
    [
        "model.apply(variables, x)",
        'model.apply({"params": params}, x, mutable=["lstm_states"])',
        'model.apply({"params": params}, x, mutable=True)',
        'model.apply({"params": params, "lstm_states": variables["lstm_states"]}, x)',
        'Scale().apply({"params": Scale().init(jax.random.key(1), x)["params"]}, x)',
    ],
)
def test_the_collection_given_or_mutable_is_silent(call: str) -> None:
    assert _codes(call) == []


def test_a_variable_under_an_undecided_guard_is_silent() -> None:
    source = """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Recurrent(nn.Module):
    @nn.compact
    def __call__(self, x, stateful):
        y = nn.Dense(3)(x)
        if stateful:
            y = y + self.variable("lstm_states", "h", jnp.zeros, (4, 3)).value
        return y


def run(stateful):
    model = Recurrent()
    x = jnp.ones((4, 2))
    variables = model.init(jax.random.key(0), x, False)
    return model.apply({"params": variables["params"]}, x, stateful)
"""
    assert fresh_engine().analyze(source, "model.py").findings == ()


def test_a_module_defining_its_own_variable_method_is_silent() -> None:
    source = """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Recurrent(nn.Module):
    def variable(self, col, name, init, *args):
        return init(*args)

    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x) + self.variable("lstm_states", "h", jnp.zeros, (4, 3))


model = Recurrent()
x = jnp.ones((4, 2))
variables = model.init(jax.random.key(0), x)
y = model.apply({"params": variables["params"]}, x)
"""
    assert fresh_engine().analyze(source, "model.py").findings == ()
