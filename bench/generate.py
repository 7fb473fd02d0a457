"""Deterministic JAX-heavy Python files of a chosen size, for the benchmark.

The files look like real model code: aliased imports, ``jit``/``grad``/``vmap``, ``shard_map``
under ``partial`` decorators, ``custom_vjp`` with ``defvjp``, Pallas kernels, ``lax.scan``. A few
blocks carry the seed records' scenarios (``defvjp(..., symbolic_zeros=True)`` called inside a
``shard_map`` body; a mesh ``pl.kernel`` under ``jax.jvp``) so a JAX-aware server has something to
report. The same (lines, seed) always gives the same text: results stay comparable across runs.

The files are never imported or run; they only need to parse.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

# The one-character edit the benchmark makes: it toggles this digit.
EDIT_MARKER = "BENCH_EDIT_SLOT = "

HEADER = '''"""Generated benchmark module {index}: a sharded model, custom gradients, kernels."""

from __future__ import annotations

import functools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax import shard_map as smap
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((8,), ("data",))
TC_MESH = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
{marker}0
'''

Block = Callable[[random.Random, str], str]


def _dense(rng: random.Random, name: str) -> str:
    width = rng.choice([64, 128, 256, 512])
    act = rng.choice(["jax.nn.relu", "jax.nn.gelu", "jnp.tanh", "jax.nn.silu"])
    return f'''
def init_{name}(key, fan_in={width}, fan_out={width * 2}):
    """Initialise the {name} layer."""
    k1, k2 = jax.random.split(key)
    w = jax.random.normal(k1, (fan_in, fan_out), jnp.float32) / np.sqrt(fan_in)
    b = jnp.zeros((fan_out,), jnp.float32) + 0.01 * jax.random.normal(k2, (fan_out,))
    return {{"w": w, "b": b}}


@jax.jit
def apply_{name}(params, x):
    h = jnp.dot(x, params["w"]) + params["b"]
    return {act}(h)


@partial(jax.jit, static_argnames=("train",))
def loss_{name}(params, x, y, train=True):
    pred = apply_{name}(params, x)
    err = jnp.mean((pred - y) ** 2)
    return err if train else lax.stop_gradient(err)


grad_{name} = jax.jit(jax.grad(loss_{name}))
batched_{name} = jax.vmap(apply_{name}, in_axes=(None, 0))
'''


def _scan(rng: random.Random, name: str) -> str:
    steps = rng.randint(4, 64)
    return f'''
def rnn_{name}(params, xs, h0):
    """Run a simple recurrence with lax.scan over {steps} steps."""

    def step(h, x):
        h = jnp.tanh(h @ params["wh"] + x @ params["wx"])
        return h, h.sum()

    h, ys = lax.scan(step, h0, xs, length={steps})
    return h, jnp.cumsum(ys)


@functools.partial(jax.jit, donate_argnums=(0,))
def update_{name}(params, grads, lr={rng.choice(["1e-3", "3e-4", "0.01"])}):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
'''


def _shard(rng: random.Random, name: str) -> str:
    axis = rng.choice(["data", "data", "model"])
    return f'''
@partial(jax.shard_map, mesh=MESH, in_specs=(P("{axis}"), P()), out_specs=P("{axis}"))
def sharded_{name}(x, w):
    """Per-shard matmul followed by an all-reduce over '{axis}'."""
    local = jnp.einsum("bi,io->bo", x, w)
    total = lax.psum(local.sum(), "{axis}")
    return local / total


@partial(smap, mesh=MESH, in_specs=P("{axis}"), out_specs=P())
def reduce_{name}(x):
    return lax.pmean(jnp.mean(x, axis=0), "{axis}")


def place_{name}(x):
    return jax.device_put(x, NamedSharding(MESH, P("{axis}")))
'''


def _custom_vjp(rng: random.Random, name: str) -> str:
    scale = rng.choice(["2.0", "0.5", "3.0"])
    return f"""
@jax.custom_vjp
def clip_{name}(x):
    return jnp.clip(x, -{scale}, {scale})


def clip_{name}_fwd(x):
    return clip_{name}(x), x


def clip_{name}_bwd(res, g):
    return (jnp.where(jnp.abs(res) <= {scale}, g, 0.0),)


clip_{name}.defvjp(clip_{name}_fwd, clip_{name}_bwd)
"""


def _pallas(rng: random.Random, name: str) -> str:
    block = rng.choice([128, 256, 512])
    return f'''
def add_{name}_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...] * 2.0


def add_{name}(x, y):
    """Elementwise kernel in blocks of {block}."""
    return pl.pallas_call(
        add_{name}_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // {block},),
        in_specs=[
            pl.BlockSpec(({block},), lambda i: (i,)),
            pl.BlockSpec(({block},), lambda i: (i,)),
        ],
        out_specs=pl.BlockSpec(({block},), lambda i: (i,)),
        interpret=True,
    )(x, y)
'''


def _scenario_symbolic_zeros(rng: random.Random, name: str) -> str:
    """Seed scenario: a symbolic_zeros custom_vjp called inside an eager shard_map body."""
    return f"""
@jax.custom_vjp
def scaled_{name}(x):
    return 2.0 * x


def scaled_{name}_fwd(x):
    return scaled_{name}(x.value), None


def scaled_{name}_bwd(_, g):
    return (2.0 * g,)


scaled_{name}.defvjp(scaled_{name}_fwd, scaled_{name}_bwd, symbolic_zeros=True)

body_{name} = jax.shard_map(
    lambda v: scaled_{name}(v), mesh=MESH, in_specs=P("data"), out_specs=P("data")
)
"""


def _scenario_mesh_kernel_jvp(rng: random.Random, name: str) -> str:
    """Seed scenario: a mesh Pallas kernel differentiated with jax.jvp."""
    return f"""
def double_{name}_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


double_{name} = pl.kernel(
    double_{name}_body,
    out_type=jax.ShapeDtypeStruct((8,), jnp.float32),
    mesh=TC_MESH,
    interpret=True,
)


def tangent_{name}(x):
    return jax.jvp(double_{name}, (x,), (jnp.ones_like(x),))
"""


PLAIN_BLOCKS: tuple[Block, ...] = (_dense, _scan, _shard, _custom_vjp, _pallas)
SCENARIO_BLOCKS: tuple[Block, ...] = (_scenario_symbolic_zeros, _scenario_mesh_kernel_jvp)
# One seed scenario per this many lines (at least one of each per file).
LINES_PER_SCENARIO = 500


def generate(lines: int, seed: int = 0) -> str:
    """A module of about ``lines`` lines (never fewer), the same for the same arguments."""
    rng = random.Random(f"{lines}:{seed}")
    parts = [HEADER.format(index=seed, marker=EDIT_MARKER)]
    count = parts[0].count("\n")
    scenarios = max(2, lines // LINES_PER_SCENARIO)
    scenario_every = max(1, lines // scenarios)
    next_scenario_at = scenario_every // 2
    serial = 0
    scenario_serial = 0
    while count < lines:
        serial += 1
        name = f"b{serial:05d}"
        if count >= next_scenario_at and scenario_serial < scenarios:
            block = SCENARIO_BLOCKS[scenario_serial % len(SCENARIO_BLOCKS)]
            scenario_serial += 1
            next_scenario_at += scenario_every
        else:
            block = rng.choice(PLAIN_BLOCKS)
        text = "\n" + block(rng, name)
        parts.append(text)
        count += text.count("\n")
    return "".join(parts)


def edit_position(text: str) -> tuple[int, int]:
    """(line, character) of the digit the one-character didChange toggles."""
    for number, line in enumerate(text.splitlines()):
        if line.startswith(EDIT_MARKER):
            return number, len(EDIT_MARKER)
    raise ValueError("text has no edit marker; was it made by bench.generate?")


def main() -> None:
    parser = argparse.ArgumentParser(description="Write generated JAX benchmark files.")
    parser.add_argument("out", type=Path, help="folder to write bench_<lines>.py into")
    parser.add_argument("--lines", type=int, nargs="+", default=[200, 2000, 20000])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for lines in args.lines:
        path = args.out / f"bench_{lines}.py"
        text = generate(lines, args.seed)
        path.write_text(text)
        print(f"{path}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
