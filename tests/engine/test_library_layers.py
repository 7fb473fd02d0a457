"""equinox's layers as the analysis models them (``jaxlsp.apis.library_layers``), as pairs.

A convolution layer (``eqx.nn.Conv``/``Conv2d``, ``nnx.Conv``) reads its input's channel axis
(first for equinox, last for flax) against the channels it was made for.  An ``eqx.nn.Linear``
or ``eqx.nn.MLP`` call (or one inside an ``eqx.nn.Sequential``, which runs its layers and
``eqx.nn.Lambda`` functions in turn) computes ``weight @ x`` with a weight of shape
``(out, in)`` read from the constructor's arguments (its ``weight`` and ``bias`` attributes
have those shapes), so a scalar or a batch given to a layer
made for one vector is found by the existing matmul rules, and a layer's output shape flows on;
an MLP's activation functions are fields, so leaves JAX cannot trace, and an equinox Module
holding one (in a field not marked static) cannot be a ``jax.jit`` argument or a loop's carry.
Each raising program has a close one that runs (``vmap`` over the batch, ``"scalar"`` sizes,
``eqx.filter_jit``, a static field, the partitioned parameters, a Module's bound method, which
equinox makes a pytree).  The labels are checked on
JAX by the ``jax``-marked test at the end (one subprocess, the reproducer harness, with the
pinned equinox).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace
from tests.conftest import REPO

CASES: list[tuple[str, str, set[str]]] = [
    (
        "linear_called_with_a_batch",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        linear = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        xs = jnp.ones((8, 3))
        ys = linear(xs)
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "linear_output_shape_flows_on",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        encoder = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        code = encoder(jnp.ones(3))
        score = code @ jnp.ones(5)
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "linear_called_with_a_scalar",
        """
        import equinox as eqx
        import jax


        class Force(eqx.Module):
            layer: eqx.nn.Linear

            def __init__(self, key):
                self.layer = eqx.nn.Linear(1, 32, key=key)

            def __call__(self, t):
                return self.layer(t)


        force = Force(jax.random.PRNGKey(0))
        force(0.5)
        """,
        {"matmul-input-scalar-operand"},
    ),
    (
        "mlp_called_with_another_input_size",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        def predict(model, x):
            return model(x)


        mlp = eqx.nn.MLP(in_size=2, out_size=1, width_size=8, depth=2, key=jax.random.PRNGKey(0))
        predict(mlp, jnp.ones(3))
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "mlp_as_a_jit_argument",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        @jax.jit
        def loss(model, x):
            return jnp.sum(model(x))


        model = eqx.nn.MLP(2, 1, 8, 1, activation=jnp.tanh, key=jax.random.PRNGKey(0))
        loss(model, jnp.ones(2))
        """,
        {"jit-non-array-argument"},
    ),
    (
        "module_holding_an_mlp_as_a_scan_carry",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Policy(eqx.Module):
            net: eqx.nn.MLP
            scale: jax.Array

            def __init__(self, key):
                self.net = eqx.nn.MLP(3, 1, 16, 2, key=key)
                self.scale = jnp.ones(())


        def step(policy, x):
            return policy, policy.net(x)


        policy = Policy(jax.random.PRNGKey(0))
        jax.lax.scan(step, policy, jnp.ones((5, 3)))
        """,
        {"argument-of-type-is-not-a-valid-jax-type"},
    ),
    (
        "module_with_a_function_field_as_a_jit_argument",
        """
        from collections.abc import Callable

        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Head(eqx.Module):
            weight: jax.Array
            act: Callable

            def __init__(self):
                self.weight = jnp.ones(3)
                self.act = jax.nn.gelu


        @jax.jit
        def apply(head, x):
            return head.act(head.weight * x)


        apply(Head(), jnp.ones(3))
        """,
        {"jit-non-array-argument"},
    ),
    (
        "linear_as_a_jit_argument_and_carry",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        @jax.jit
        def loss(model, x):
            return jnp.sum(model(x))


        model = eqx.nn.Linear(2, 1, key=jax.random.PRNGKey(0))
        loss(model, jnp.ones(2))
        jax.lax.scan(lambda m, x: (m, m(x)), model, jnp.ones((4, 2)))
        """,
        set(),
    ),
    (
        "linear_of_a_matrix_whose_rows_match",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        linear = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        ys = linear(jnp.ones((3, 4)))
        assert ys.shape == (4, 4)
        code = linear(jnp.ones(3))
        score = code @ jnp.ones(4)
        """,
        set(),
    ),
    (
        "linear_of_scalar_sizes",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        linear = eqx.nn.Linear("scalar", 4, key=jax.random.PRNGKey(0))
        y = linear(jnp.float32(0.5))
        assert y.shape == (4,)
        out = eqx.nn.Linear(4, "scalar", key=jax.random.PRNGKey(1))(y)
        assert out.shape == ()
        """,
        set(),
    ),
    (
        "linear_vmapped_over_the_batch",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        linear = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        ys = jax.vmap(linear)(jnp.ones((8, 3)))
        assert ys.shape == (8, 4)
        """,
        set(),
    ),
    (
        "mlp_through_filter_jit",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        @eqx.filter_jit
        def loss(model, x):
            return jnp.sum(model(x))


        model = eqx.nn.MLP(2, 1, 8, 1, key=jax.random.PRNGKey(0))
        loss(model, jnp.ones(2))
        out = model(jnp.ones(2))
        assert out.shape == (1,)
        """,
        set(),
    ),
    (
        "mlp_partitioned_before_the_scan",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        mlp = eqx.nn.MLP(3, 1, 16, 2, key=jax.random.PRNGKey(0))
        params, static = eqx.partition(mlp, eqx.is_array)


        def step(carry, x):
            model = eqx.combine(carry, static)
            return carry, model(x)


        jax.lax.scan(step, params, jnp.ones((5, 3)))
        """,
        set(),
    ),
    (
        "module_with_a_static_function_field",
        """
        from collections.abc import Callable

        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Head(eqx.Module):
            weight: jax.Array
            act: Callable = eqx.field(static=True)

            def __init__(self):
                self.weight = jnp.ones(3)
                self.act = jax.nn.gelu


        @jax.jit
        def apply(head, x):
            return head.act(head.weight * x)


        apply(Head(), jnp.ones(3))
        """,
        set(),
    ),
    (
        "generic_conv_given_one_channel",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        conv = eqx.nn.Conv(2, 3, 8, 3, key=jax.random.PRNGKey(0))
        conv(jnp.ones((1, 28, 28)))
        """,
        {"conv-lhs-feature-dimension-mismatch"},
    ),
    (
        "generic_conv_given_three_channels",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        conv = eqx.nn.Conv(2, 3, 8, 3, key=jax.random.PRNGKey(0))
        conv(jnp.ones((3, 28, 28)))
        """,
        set(),
    ),
    (
        "sequential_called_with_a_batch",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        net = eqx.nn.Sequential(
            [eqx.nn.Linear(4, 16, key=k1), eqx.nn.Lambda(jax.nn.relu), eqx.nn.Linear(16, 2, key=k2)]
        )
        out = net(jnp.ones((32, 4)))
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "sequential_of_layers_that_do_not_chain",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        net = eqx.nn.Sequential([eqx.nn.Linear(4, 16, key=k1), eqx.nn.Lambda(jax.nn.relu), eqx.nn.Linear(8, 2, key=k2)])
        out = net(jnp.ones(4))
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "sequential_holding_a_lambda_as_a_jit_argument",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        net = eqx.nn.Sequential([eqx.nn.Linear(4, 16, key=k1), eqx.nn.Lambda(jax.nn.relu), eqx.nn.Linear(16, 2, key=k2)])


        @jax.jit
        def predict(model, x):
            return model(x)


        predict(net, jnp.ones(4))
        """,
        {"jit-non-array-argument"},
    ),
    (
        "sequential_vmapped_and_through_filter_jit",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        net = eqx.nn.Sequential([eqx.nn.Linear(4, 16, key=k1), eqx.nn.Lambda(jax.nn.relu), eqx.nn.Linear(16, 2, key=k2)])
        out = jax.vmap(net)(jnp.ones((32, 4)))
        assert out.shape == (32, 2)
        one = net(jnp.ones(4))
        assert one.shape == (2,)


        @eqx.filter_jit
        def predict(model, x):
            return model(x)


        predict(net, jnp.ones(4))
        """,
        set(),
    ),
    (
        "module_bound_method_as_a_jit_argument_and_a_field",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Net(eqx.Module):
            w: jax.Array

            def __init__(self):
                self.w = jnp.ones(3)

            def scale(self, x):
                return self.w * x


        class Holder(eqx.Module):
            f: object

            def __init__(self, f):
                self.f = f


        net = Net()


        @jax.jit
        def apply(f, x):
            return f(x)


        apply(net.scale, jnp.ones(3))
        h = Holder(net.scale)
        jax.jit(lambda h, x: h.f(x))(h, jnp.ones(3))
        """,
        set(),
    ),
    (
        "linear_weight_on_the_wrong_side",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        layer = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        x = jnp.ones(3)
        y = x @ layer.weight + layer.bias
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "linear_weight_transposed",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        layer = eqx.nn.Linear(3, 4, key=jax.random.PRNGKey(0))
        xs = jnp.ones((8, 3))
        ys = xs @ layer.weight.T + layer.bias
        assert ys.shape == (8, 4)
        assert layer.in_features == 3
        no_bias = eqx.nn.Linear(3, 4, use_bias=False, key=jax.random.PRNGKey(1))
        assert no_bias.bias is None
        """,
        set(),
    ),
]

#: flax's layers (``nnx.Linear``, ``nnx.Conv``, linen's ``Dense``): their labels run where flax is installed
#: (its own extra), and were run on flax 0.12.12 when they were written.
FLAX_CASES: list[tuple[str, str, set[str]]] = [
    (
        "nnx_linear_of_another_last_axis",
        """
        import jax.numpy as jnp
        from flax import nnx

        layer = nnx.Linear(3, 4, rngs=nnx.Rngs(0))
        y = layer(jnp.ones((2, 5)))
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "nnx_model_given_unflattened_images",
        """
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.hidden = nnx.Linear(784, 128, rngs=rngs)
                self.out = nnx.Linear(128, 10, rngs=rngs)

            def __call__(self, x):
                x = nnx.relu(self.hidden(x))
                return self.out(x)


        model = Classifier(nnx.Rngs(0))
        images = jnp.ones((16, 28, 28))
        logits = model(images)
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "nnx_output_into_a_layer_of_another_size",
        """
        import jax.numpy as jnp
        from flax import nnx

        rngs = nnx.Rngs(0)
        encoder = nnx.Linear(8, 16, rngs=rngs)
        decoder = nnx.Linear(8, 8, rngs=rngs)
        code = encoder(jnp.ones((4, 8)))
        recon = decoder(code)
        """,
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "linen_dense_output_in_a_compact_method",
        """
        import jax
        import jax.numpy as jnp
        import flax.linen as nn


        class Head(nn.Module):
            @nn.compact
            def __call__(self, x):
                y = nn.Dense(4)(x)
                return y @ jnp.ones(4)


        params = Head().init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
        out = Head().apply(params, jnp.ones((2, 3)))
        assert out.shape == (2,)
        """,
        set(),
    ),
    (
        "nnx_linear_of_a_batch_whose_last_axis_matches",
        """
        import jax.numpy as jnp
        from flax import nnx

        layer = nnx.Linear(3, 4, rngs=nnx.Rngs(0))
        y = layer(jnp.ones((2, 3)))
        assert y.shape == (2, 4)
        z = y @ jnp.ones(4)
        """,
        set(),
    ),
    (
        "nnx_model_given_flattened_images",
        """
        import jax.numpy as jnp
        from flax import nnx


        class Classifier(nnx.Module):
            def __init__(self, rngs: nnx.Rngs):
                self.hidden = nnx.Linear(784, 128, rngs=rngs)
                self.out = nnx.Linear(128, 10, rngs=rngs)

            def __call__(self, x):
                x = x.reshape((x.shape[0], -1))
                x = nnx.relu(self.hidden(x))
                return self.out(x)


        model = Classifier(nnx.Rngs(0))
        logits = model(jnp.ones((16, 28, 28)))
        assert logits.shape == (16, 10)
        """,
        set(),
    ),
    (
        "nnx_conv_given_channels_first_images",
        """
        import jax.numpy as jnp
        from flax import nnx

        conv = nnx.Conv(3, 16, kernel_size=(3, 3), rngs=nnx.Rngs(0))
        images = jnp.ones((8, 3, 32, 32))
        features = conv(images)
        """,
        {"conv-lhs-feature-dimension-mismatch"},
    ),
    (
        "nnx_conv_given_channels_last_images",
        """
        import jax.numpy as jnp
        from flax import nnx

        conv = nnx.Conv(3, 16, kernel_size=(3, 3), rngs=nnx.Rngs(0))
        features = conv(jnp.ones((8, 32, 32, 3)))
        depthwise = nnx.Conv(4, 8, kernel_size=3, feature_group_count=2, rngs=nnx.Rngs(1))
        signal = depthwise(jnp.ones((2, 10, 4)))
        """,
        set(),
    ),
]


def _error_codes(source: str) -> set[str]:
    analysis = Engine(workspace=Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(
    ("name", "source", "expected"), CASES + FLAX_CASES, ids=[c[0] for c in CASES + FLAX_CASES]
)
def test_error_findings_only_where_the_code_surely_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert _error_codes(source) == expected


def _run_on_jax(folder: Path, cases: list[tuple[str, str, set[str]]]) -> dict[str, Any]:
    programs = []
    for name, source, _ in cases:
        path = folder / f"{name}.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        programs.append(str(path))
    out = folder / "outcomes.json"
    subprocess.run(
        [sys.executable, str(REPO / "tests" / "reproducers" / "_harness.py"), str(out), *programs],
        env={**os.environ, "JAX_PLATFORMS": "cpu", "JAX_TRACEBACK_FILTERING": "off"},
        cwd=REPO,
        timeout=600,
        check=True,
        capture_output=True,
    )
    outcomes = json.loads(out.read_text(encoding="utf-8"))
    return {Path(path).stem: outcome for path, outcome in outcomes.items()}


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pytest.importorskip("equinox")
    return _run_on_jax(tmp_path_factory.mktemp("layers"), CASES)


@pytest.fixture(scope="module")
def ran_flax(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pytest.importorskip("flax")
    return _run_on_jax(tmp_path_factory.mktemp("flax_layers"), FLAX_CASES)


@pytest.mark.jax
@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran: dict[str, Any]
) -> None:
    assert ran[name]["raised"] == bool(expected), ran[name].get("traceback") or name


@pytest.mark.jax
@pytest.mark.parametrize(("name", "source", "expected"), FLAX_CASES, ids=[c[0] for c in FLAX_CASES])
def test_flax_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran_flax: dict[str, Any]
) -> None:
    assert ran_flax[name]["raised"] == bool(expected), ran_flax[name].get("traceback") or name
