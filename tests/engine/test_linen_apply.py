"""flax Linen's ``init``/``apply`` (``jaxlsp.apis.linen_api``): what the layers a module's
``__call__`` surely calls need of the scope ``apply`` gives them (a dropout stream, the
"params" and "batch_stats" collections, "batch_stats" mutable), and the variables ``init``
returned wrapped once more.  Each positive with close negatives that must stay silent."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine

HEADER = """
import jax
import jax.numpy as jnp
from flax import linen as nn
"""

DROPOUT = (
    HEADER
    + """
class Model(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(4)(x)
        return nn.Dropout(self.rate, deterministic=not train)(x)

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x)
y = model.apply(variables, x, train=True)
"""
)

BATCHNORM = (
    HEADER
    + """
class Model(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(4)(x)
        return nn.BatchNorm(use_running_average=not train)(x)

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x)
y = model.apply(variables, x, train=True)
"""
)


def _codes(source: str) -> list[tuple[int, str]]:
    findings = fresh_engine().analyze(source, "model.py").findings
    return sorted(
        (f.span.start.line + 1, f.code) for f in findings if f.code.startswith("linen-apply")
    )


def _last_line(source: str) -> int:
    return len(source.rstrip("\n").split("\n"))


def test_dropout_applied_in_training_without_its_stream_is_found() -> None:
    assert _codes(DROPOUT) == [(_last_line(DROPOUT), "linen-apply-rng-missing")]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the stream given, or a key alone (the "params" stream, which dropout falls back on)
        ("x, train=True)", "x, train=True, rngs={'dropout': jax.random.key(1)})"),
        ("x, train=True)", "x, train=True, rngs=jax.random.key(1))"),
        ("x, train=True)", "x, train=True, rngs={'params': jax.random.key(1)})"),
        # deterministic, or a rate that draws nothing
        ("x, train=True)", "x)"),
        ("model = Model()", "model = Model(rate=0.0)"),
        ("model = Model()", "model = Model(rate=1.0)"),
        # the layer's key given to its call
        ("(x)\n\nmodel", "(x, rng=jax.random.key(2))\n\nmodel"),
        # the streams not known
        ("x, train=True)", "x, train=True, rngs=streams)\nstreams = None"),
        ("x, train=True)", "x, train=True, **options)"),
    ],
)
def test_dropout_with_its_stream_or_not_drawing_is_silent(old: str, new: str) -> None:
    source = DROPOUT.replace(old, new)
    assert source != DROPOUT
    assert _codes(source) == []


def test_dropout_under_an_undecided_guard_is_silent() -> None:
    source = DROPOUT.replace(
        "        return nn.Dropout(self.rate, deterministic=not train)(x)",
        "        if self.rate > 0.1:\n"
        "            x = nn.Dropout(self.rate, deterministic=not train)(x)\n"
        "        return x",
    ).replace("model = Model()", "def build(rate):\n    return Model(rate=rate)\nmodel = Model()")
    # the guard is decided here (rate 0.5): the finding stays; with an unknown rate it goes
    assert [c for _, c in _codes(source)] == ["linen-apply-rng-missing"]
    unknown = source.replace("model = Model()", "model = build(float(input()))")
    assert _codes(unknown) == []


def test_an_apply_a_try_may_catch_is_silent() -> None:
    source = DROPOUT.replace(
        "y = model.apply(variables, x, train=True)",
        "try:\n    y = model.apply(variables, x, train=True)\nexcept Exception:\n    y = None",
    )
    assert _codes(source) == []


def test_batchnorm_updated_without_mutable_is_found() -> None:
    assert _codes(BATCHNORM) == [(_last_line(BATCHNORM), "linen-apply-collection-immutable")]


@pytest.mark.parametrize(
    "call",
    [
        "model.apply(variables, x, train=True, mutable=['batch_stats'])",
        "model.apply(variables, x, train=True, mutable=('batch_stats', 'intermediates'))",
        "model.apply(variables, x, train=True, mutable='batch_stats')",
        "model.apply(variables, x, train=True, mutable=True)",
        "model.apply(variables, x, train=True, mutable=which)",
        "model.apply(variables, x)",
    ],
)
def test_batchnorm_mutable_or_in_evaluation_is_silent(call: str) -> None:
    source = BATCHNORM.replace("model.apply(variables, x, train=True)", call).replace(
        "model = Model()", "which = input()\nmodel = Model()"
    )
    assert _codes(source) == []


def test_batchnorm_applied_with_params_only_is_found() -> None:
    source = BATCHNORM.replace(
        "model.apply(variables, x, train=True)", "model.apply({'params': variables['params']}, x)"
    )
    assert _codes(source) == [(_last_line(source), "linen-apply-collection-missing")]


def test_a_layer_applied_with_empty_variables_is_found_and_with_params_silent() -> None:
    found = HEADER + "y = nn.Dense(3).apply({}, jnp.ones((1, 2)))\n"
    assert _codes(found) == [(_last_line(found), "linen-apply-collection-missing")]
    unknown = HEADER + "y = nn.Dense(3).apply({'params': params}, jnp.ones((1, 2)))\nparams = 1\n"
    assert _codes(unknown) == []
    made = HEADER + "y = nn.Dense(3).apply({}, jnp.ones((1, 2)), mutable=['params'])\n"
    assert _codes(made) == []


def test_params_only_for_a_model_without_batchnorm_is_silent() -> None:
    source = DROPOUT.replace(
        "model.apply(variables, x, train=True)", "model.apply({'params': variables['params']}, x)"
    )
    assert _codes(source) == []


NESTED = (
    HEADER
    + """
model = nn.Dense(3)
x = jnp.ones((2, 4))
params = model.init(jax.random.key(0), x)
y = model.apply({"params": params}, x)
"""
)


def test_init_output_wrapped_as_params_is_found() -> None:
    assert _codes(NESTED) == [(_last_line(NESTED), "linen-apply-variables-nested")]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('{"params": params}', "params"),
        ('{"params": params}', '{"params": params["params"]}'),
        # init of a layer that makes no parameter: its dict has no "params" layer
        ("model = nn.Dense(3)", "model = nn.Dropout(0.5, deterministic=True)"),
    ],
)
def test_init_output_passed_as_it_is_is_silent(old: str, new: str) -> None:
    assert _codes(NESTED.replace(old, new)) == []


def test_layers_made_in_setup_and_called_by_call_are_found() -> None:
    source = (
        HEADER
        + """
class Model(nn.Module):
    def setup(self):
        self.dense = nn.Dense(4)
        self.drop = nn.Dropout(0.5, deterministic=False)

    def __call__(self, x):
        return self.drop(self.dense(x))

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x)
y = model.apply(variables, x)
"""
    )
    assert _codes(source) == [(_last_line(source), "linen-apply-rng-missing")]
    given = source.replace("apply(variables, x)", "apply(variables, x, rngs={'dropout': k})")
    assert _codes(given + "k = jax.random.key(1)\n") == []
