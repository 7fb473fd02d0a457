"""flax Linen's parameter shapes as the model keeps them (stop 41): what ``init`` made
remembers the kernel each ``Dense``/``Conv`` that surely ran asked for, and ``apply`` of a
layer asking for another shape raises ScopeParamShapeError. Close negatives: the same feature
size, a layer made in a branch or a submodule (flax's names may shift), layers made in
another order at ``apply`` (the names shift, and here the shapes fit), a ``kernel_size`` not a
tuple, the kernel of another collection. Each program's label is checked on the pinned JAX by
``test_linen_param_store_on_jax``.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

CODE = "linen-param-shape-mismatch"
_HEAD = """
import flax.linen as nn
import jax
import jax.numpy as jnp
"""

#: (name, program, the codes of the error findings it must get: none for a program that runs).
CASES: list[tuple[str, str, set[str]]] = [
    (
        "dense_other_input",
        _HEAD
        + """
class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)

model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
model.apply({"params": params}, jnp.ones(3))
""",
        {CODE},
    ),
    (
        "dense_same_input_silent",
        _HEAD
        + """
class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)

model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
model.apply({"params": params}, jnp.ones((7, 5)))
""",
        set(),
    ),
    (
        "whole_variables_second_layer",
        _HEAD
        + """
class MLP(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(2)(x)

variables = MLP(8).init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
MLP(16).apply(variables, jnp.ones((1, 4)))
""",
        {CODE},
    ),
    (
        "conv_other_features",
        _HEAD
        + """
x = jnp.ones((1, 3, 3, 1))
variables = nn.Conv(features=5, kernel_size=(3, 3)).init(jax.random.PRNGKey(0), x)
nn.Conv(features=3, kernel_size=(3, 3)).apply(variables, x)
""",
        {CODE},
    ),
    (
        "conv_same_features_silent",
        _HEAD
        + """
x = jnp.ones((1, 3, 3, 1))
variables = nn.Conv(features=5, kernel_size=(3, 3)).init(jax.random.PRNGKey(0), x)
nn.Conv(features=5, kernel_size=(3, 3)).apply(variables, jnp.ones((2, 8, 8, 1)))
""",
        set(),
    ),
    (
        "conv_int_window_silent",
        _HEAD
        + """
x = jnp.ones((1, 3, 1))
variables = nn.Conv(features=5, kernel_size=3).init(jax.random.PRNGKey(0), x)
nn.Conv(features=5, kernel_size=3).apply(variables, x)
""",
        set(),
    ),
    (
        # init makes proj then out (Dense_0, Dense_1); apply makes out alone, named Dense_0,
        # and proj's kernel fits it: it runs, whatever out's kernel was at init
        "layers_made_otherwise_silent",
        _HEAD
        + """
class Head(nn.Module):
    project: bool

    @nn.compact
    def __call__(self, x):
        if self.project:
            x = nn.Dense(4)(x)
        return nn.Dense(4)(x)

x = jnp.ones((1, 3))
variables = Head(True).init(jax.random.PRNGKey(0), x)
Head(False).apply(variables, x)
""",
        set(),
    ),
    (
        "layer_in_submodule_silent",
        _HEAD
        + """
class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)

class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return Block()(x)

model = Model()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
model.apply(variables, jnp.ones((2, 3)))
""",
        set(),
    ),
    (
        "handled_silent",
        _HEAD
        + """
class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)

model = Model()
variables = model.init(jax.random.PRNGKey(0), jnp.ones(5))
try:
    model.apply(variables, jnp.ones(3))
except Exception:
    pass
""",
        set(),
    ),
]


def _error_codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings(name: str, source: str, expected: set[str]) -> None:
    assert _error_codes(source) == expected, name
