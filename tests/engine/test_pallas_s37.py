"""The causes of stop 37's Pallas batch (``s37_*``): a kernel's values are tracers of its
trace (``pl.program_id``, a Ref's read), a Ref's ``shape``/``dtype`` are its block's, an array
as ``out_shape``, ``lax.broadcasted_iota``'s shape, a kernel's keyword-only parameters and a
partial's keywords, a lone BlockSpec as ``in_specs``, a ``pl.ds`` of traced size, and on a TPU
8-bit integer arithmetic and a dot of two 1-D values: each found where it raises and silent
on the close negative."""

from __future__ import annotations

import pytest

from tests._pallas_cases import Case, assert_cpu_labels_hold, codes_of

HEAD = """import functools
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
"""

#: A grid launch of ``k`` over ``x`` in (8, 128) blocks.
LAUNCH = "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec, interpret=True)(x)\n"
#: The same launch, its kernel a TPU kernel.
TPU_LAUNCH = (
    "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,\n"
    "               compiler_params=pltpu.CompilerParams(), interpret=True)(x)\n"
)


def _codes(body: str) -> list[str]:
    return codes_of(HEAD + body)


INT = "tracer-integer-conversion-error"
CONCRETE = "concretization-type-error"
STORE = "pallas-store-shape-mismatch"
BROADCAST = "incompatible-shapes-for-broadcasting"
ARITY = "pallas-function-arity"
SPECS = "pallas-specs-pytree-mismatch"
WINDOW = "pallas-ds-size-not-static"
DTYPE = "pallas-tpu-dtype"
PRIMITIVE = "pallas-tpu-unimplemented-primitive"

#: (code, body, found, runs on the CPU: labelled there; else by the TPU probes of stop 37)
CASES: list[Case] = [
    # a kernel's grid index is a tracer: Python's range and int refuse it
    (
        INT,
        "def k(x_ref, o_ref):\n    acc = x_ref[...]\n    for _ in range(pl.program_id(0)):\n"
        "        acc = acc + 1.0\n    o_ref[...] = acc\n" + LAUNCH,
        True,
        True,
    ),
    (
        INT,
        "def k(x_ref, o_ref):\n    acc = x_ref[...]\n    for _ in range(pl.num_programs(0)):\n"
        "        acc = acc + 1.0\n    o_ref[...] = acc\n" + LAUNCH,
        False,
        True,
    ),
    (
        CONCRETE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + int(pl.program_id(0))\n" + LAUNCH,
        True,
        True,
    ),
    (
        CONCRETE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + pl.program_id(0)\n" + LAUNCH,
        False,
        True,
    ),
    # a value read from a Ref is a tracer too; lax.fori_loop takes it as a bound
    (
        INT,
        "def k(n_ref, x_ref, o_ref):\n    acc = jnp.zeros((1, 128), jnp.float32)\n"
        "    for t in range(n_ref[0]):\n        acc = acc + x_ref[pl.ds(t, 1), :]\n"
        "    o_ref[...] = acc\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((1, 128), jnp.float32),\n"
        "               interpret=True)(jnp.array([3], jnp.int32), x)\n",
        True,
        True,
    ),
    (
        INT,
        "def k(n_ref, x_ref, o_ref):\n"
        "    body = lambda t, acc: acc + x_ref[pl.ds(t, 1), :]\n"
        "    o_ref[...] = lax.fori_loop(0, n_ref[0], body, jnp.zeros((1, 128), jnp.float32))\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((1, 128), jnp.float32),\n"
        "               interpret=True)(jnp.array([3], jnp.int32), x)\n",
        False,
        True,
    ),
    # a function no kernel runs: whether its grid index is traced is not known
    (
        INT,
        "def helper(acc):\n    for _ in range(pl.program_id(0)):\n        acc = acc + 1.0\n"
        "    return acc\n",
        False,
        True,
    ),
    # a Ref's shape and dtype are its block's
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.zeros((x_ref.shape[1], 8), x_ref.dtype)\n"
        + LAUNCH,
        True,
        True,
    ),
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.zeros(x_ref.shape, x_ref.dtype)\n" + LAUNCH,
        False,
        True,
    ),
    # an array as out_shape gives its shape and dtype
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.zeros((8, 4), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=x, interpret=True)(x)\n",
        True,
        True,
    ),
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] * 2.0\n"
        "pl.pallas_call(k, out_shape=x, interpret=True)(x)\n",
        False,
        True,
    ),
    # lax.broadcasted_iota has the shape it is given
    (
        BROADCAST,
        "def k(x_ref, o_ref):\n    s = x_ref[...]\n"
        "    rows = lax.broadcasted_iota(jnp.int32, (8, 64), 0)\n"
        "    o_ref[...] = jnp.where(rows > 0, s, 0.0)\n" + LAUNCH,
        True,
        True,
    ),
    (
        BROADCAST,
        "def k(x_ref, o_ref):\n    s = x_ref[...]\n"
        "    rows = lax.broadcasted_iota(jnp.int32, s.shape, 0)\n"
        "    o_ref[...] = jnp.where(rows > 0, s, 0.0)\n" + LAUNCH,
        False,
        True,
    ),
    # a keyword-only parameter without a default must be bound; a partial's keyword must name one
    (
        ARITY,
        "def k(x_ref, o_ref, *, scale):\n    o_ref[...] = x_ref[...] * scale\n" + LAUNCH,
        True,
        True,
    ),
    (
        ARITY,
        "def k0(x_ref, o_ref, *, scale):\n    o_ref[...] = x_ref[...] * scale\n"
        "k = functools.partial(k0, scale=2.0)\n" + LAUNCH,
        False,
        True,
    ),
    (
        ARITY,
        "def k(x_ref, o_ref, *, scale=2.0):\n    o_ref[...] = x_ref[...] * scale\n" + LAUNCH,
        False,
        True,
    ),
    (
        ARITY,
        "def k0(x_ref, o_ref, *, scale):\n    o_ref[...] = x_ref[...] * scale\n"
        "k = functools.partial(k0, scael=2.0)\n" + LAUNCH,
        True,
        True,
    ),
    (
        ARITY,
        "def k0(x_ref, o_ref, **options):\n    o_ref[...] = x_ref[...] * options['scale']\n"
        "k = functools.partial(k0, scale=2.0)\n" + LAUNCH,
        False,
        True,
    ),
    (
        ARITY,
        "def k0(x_ref, o_ref, *, scale):\n    o_ref[...] = x_ref[...] * scale\n"
        "options = {'scale': 2.0}\nk = functools.partial(k0, **options)\n" + LAUNCH,
        False,
        True,
    ),
    # in_specs must be a list or a tuple; a lone spec is taken as out_specs only
    (
        SPECS,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=spec, out_specs=spec,\n"
        "               interpret=True)(x)\n",
        True,
        True,
    ),
    (
        SPECS,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=(spec,), out_specs=spec,\n"
        "               interpret=True)(x)\n",
        False,
        True,
    ),
    # a window's size is its read's shape: static, while its start may be traced
    (
        WINDOW,
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    o_ref[pl.ds(0, 8), :] = x_ref[pl.ds(0, n_ref[0]), :]\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(jnp.array([3], jnp.int32), x)\n",
        True,
        True,
    ),
    (
        WINDOW,
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    o_ref[pl.ds(n_ref[0], 8), :] = x_ref[pl.ds(0, 8), :]\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(jnp.array([3], jnp.int32), x)\n",
        False,
        True,
    ),
    # 8-bit integer arithmetic in a TPU kernel (a TPU v5e has none)
    (
        DTYPE,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v * 2\n"
        "q = jnp.ones((32, 128), jnp.int8)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(q)\n",
        True,
        False,
    ),
    (
        DTYPE,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = jnp.maximum(v, v) & v\n"
        "q = jnp.ones((32, 128), jnp.int8)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(q)\n",
        False,
        True,
    ),
    (
        DTYPE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + x_ref[...]\n"
        "q = jnp.ones((16, 128), jnp.int16)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(q)\n",
        False,
        True,
    ),
    (
        DTYPE,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    v = v.astype(jnp.int32)\n"
        "    o_ref[...] = v + 1\n"
        "q = jnp.ones((32, 128), jnp.int8)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(q.shape, jnp.int32),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(q)\n",
        False,
        True,
    ),
    # a dot of two 1-D values in a TPU kernel; a matrix times a vector lowers
    (
        PRIMITIVE,
        "def k(u_ref, o_ref):\n    u = u_ref[...]\n"
        "    o_ref[...] = jnp.broadcast_to(jnp.vdot(u, u), (8, 128))\n"
        "u = jnp.ones((128,), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(u)\n",
        True,
        False,
    ),
    (
        PRIMITIVE,
        "def k(m_ref, u_ref, o_ref):\n"
        "    o_ref[...] = jnp.broadcast_to(jnp.dot(m_ref[...], u_ref[...]), (8, 128))\n"
        "m = jnp.ones((128, 128), jnp.float32)\nu = jnp.ones((128,), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(m, u)\n",
        False,
        True,
    ),
]


@pytest.mark.parametrize(("code", "body", "found", "on_cpu"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, body: str, found: bool, on_cpu: bool
) -> None:
    assert (code in _codes(body)) is found


@pytest.mark.parametrize("dot", ["jnp.dot(u, u)", "u @ u"])
def test_a_plain_launch_of_1d_dot_is_left_to_the_project_setting(dot: str) -> None:
    """Without a TPU marker (nor ``pallasTarget``) the 1-D dot, as a call or as the operator,
    runs elsewhere: silent."""
    body = (
        "def k(u_ref, o_ref):\n    u = u_ref[...]\n"
        f"    o_ref[...] = jnp.broadcast_to({dot}, (8, 128))\n"
        "u = jnp.ones((128,), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),\n"
        "               interpret=True)(u)\n"
    )
    source = HEAD.replace("from jax.experimental.pallas import tpu as pltpu\n", "") + body
    assert PRIMITIVE not in codes_of(source)


@pytest.mark.jax
def test_the_cpu_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """The cases interpret mode decides are what the pinned JAX does (the TPU ones are
    labelled by the TPU probes and corpus programs of stop 37)."""
    assert_cpu_labels_hold("pallas_s37", HEAD, CASES)
