"""The causes of stop 38's Pallas work: ``u @ v`` of two 1-D values in a TPU kernel (an operator,
recorded as the dot it is), a ``pl.ds`` window of traced size returned by a helper, a NumPy
array of dimensions that meets JAX in a kernel and an array a ``functools.partial`` binds to a
kernel's parameter (both constants the kernel captures, jax#21557 and jax#23301), and a kernel
called with keyword arguments (TypeError before its launch is checked); and a shard_map's
``None`` in_spec, which hands its argument to the body as it is (sglang-jax passes its static
sizes so): each found where it raises and silent on the close negative."""

from __future__ import annotations

import pytest

from tests._on_jax import raised_on_jax
from tests._pallas_cases import Case, assert_cpu_labels_hold, codes_of

HEAD = """import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
"""

#: A grid launch of ``k`` over ``x`` in (8, 128) blocks.
LAUNCH = "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec, interpret=True)(x)\n"
#: A TPU launch of ``k`` over a 1-D ``u`` (and a matrix ``m``).
TPU_VECTORS = (
    "u = jnp.ones((128,), jnp.float32)\nm = jnp.ones((128, 128), jnp.float32)\n"
    "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),\n"
    "               compiler_params=pltpu.CompilerParams(), interpret=True)(u, m)\n"
)
#: A launch over ``n`` (a length, read from a Ref) and ``x``.
PREFIX = "pl.pallas_call(k, out_shape=out, interpret=True)(jnp.array([3], jnp.int32), x)\n"


def _codes(body: str) -> list[str]:
    return codes_of(HEAD + body)


PRIMITIVE = "pallas-tpu-unimplemented-primitive"
WINDOW = "pallas-ds-size-not-static"
CAPTURE = "pallas-kernel-captures-array"
PARAMS = "pallas-compiler-params-type"
OUT_SHAPE = "pallas-out-shape-type"

#: (code, body, found, runs on the CPU: labelled there; else by stop 37's TPU probes of `@`,
#: `_probe_s37_matmul_op_1d.py`, `_probe_s37_matvec_2d_1d.py`, `_probe_s37_vecmat_1d_2d.py`)
CASES: list[Case] = [
    # `@` is `jnp.matmul`: of two 1-D values a TPU kernel cannot lower it
    (
        PRIMITIVE,
        "def k(u_ref, m_ref, o_ref):\n    u = u_ref[...]\n"
        "    o_ref[...] = jnp.broadcast_to(u @ u, (8, 128))\n" + TPU_VECTORS,
        True,
        False,
    ),
    (
        PRIMITIVE,
        "def k(u_ref, m_ref, o_ref):\n    u = u_ref[...]\n"
        "    o_ref[...] = jnp.broadcast_to(m_ref[...] @ u, (8, 128))\n" + TPU_VECTORS,
        False,
        True,
    ),
    (
        PRIMITIVE,
        "def k(u_ref, m_ref, o_ref):\n    u = u_ref[...]\n"
        "    o_ref[...] = jnp.broadcast_to(u @ m_ref[...], (8, 128))\n" + TPU_VECTORS,
        False,
        True,
    ),
    # a window of traced size, made by a helper: the Ref read through it has a dynamic shape
    (
        WINDOW,
        "def prefix(n):\n    return pl.ds(0, n)\n"
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    window = prefix(n_ref[0])\n    o_ref[pl.ds(0, 8), :] = x_ref[window, :]\n" + PREFIX,
        True,
        True,
    ),
    (
        WINDOW,
        "def prefix(n):\n    return pl.ds(0, n)\n"
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    o_ref[prefix(n_ref[0]), :] = x_ref[pl.ds(0, 3), :]\n" + PREFIX,
        True,
        True,
    ),
    (
        WINDOW,
        "def rows_from(n):\n    return pl.ds(n, 8)\n"
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    window = rows_from(n_ref[0])\n    o_ref[pl.ds(0, 8), :] = x_ref[window, :]\n" + PREFIX,
        False,
        True,
    ),
    (
        WINDOW,
        "def prefix(n):\n    return pl.ds(0, n)\n"
        "def k(n_ref, x_ref, o_ref):\n    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)\n"
        "    window = prefix(3)\n    o_ref[pl.ds(0, 3), :] = x_ref[window, :]\n" + PREFIX,
        False,
        True,
    ),
    # a NumPy array of dimensions meeting JAX in a kernel is a constant it captures
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    rows = np.arange(4)\n"
        "    o_ref[...] = x_ref[...]\n    o_ref[rows, :] = x_ref[rows, :] * 2.0\n" + LAUNCH,
        True,
        True,
    ),
    (
        CAPTURE,
        "TABLE = np.ones((8, 128), np.float32)\n"
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + TABLE\n" + LAUNCH,
        True,
        True,
    ),
    (
        CAPTURE,
        "MASK = np.tril(np.ones((8, 128), bool))\n"
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.where(MASK, x_ref[...], 0.0)\n" + LAUNCH,
        True,
        True,
    ),
    (
        CAPTURE,
        "TABLE = np.ones((8, 128), np.float32)\n"
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] * float(TABLE.sum()) + TABLE.shape[0]\n"
        + LAUNCH,
        False,
        True,
    ),
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + np.array(2.0, np.float32)\n" + LAUNCH,
        False,
        True,
    ),
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n"
        "    o_ref[...] = jnp.reshape(x_ref[...], np.array([8, 128]))\n" + LAUNCH,
        False,
        True,
    ),
    # an array a partial binds to the kernel's parameter, read in its loop's body
    (
        CAPTURE,
        "def k0(x_ref, o_ref, scale):\n"
        "    def body(i, acc):\n        return acc + x_ref[...] * scale\n"
        "    o_ref[...] = lax.fori_loop(0, 2, body, jnp.zeros((8, 128), jnp.float32))\n"
        "@jax.jit\ndef run(x, scale):\n    k = functools.partial(k0, scale=scale)\n"
        "    return " + LAUNCH.replace("(x)\n", "(x)\n") + "run(x, 1.5)\n",
        True,
        True,
    ),
    (
        CAPTURE,
        "def k0(x_ref, o_ref, scale):\n"
        "    def body(i, acc):\n        return acc + x_ref[...] * scale\n"
        "    o_ref[...] = lax.fori_loop(0, 2, body, jnp.zeros((8, 128), jnp.float32))\n"
        "k = functools.partial(k0, scale=1.5)\n" + LAUNCH,
        False,
        True,
    ),
    (
        CAPTURE,
        "def k0(x_ref, o_ref, like):\n    o_ref[...] = x_ref[...] * like.shape[0]\n"
        "k = functools.partial(k0, like=jnp.zeros((3,)))\n" + LAUNCH,
        False,
        True,
    ),
    # a shard_map's `None` in_spec hands the argument over as it is (a Python int stays one)
    (
        "tracer-integer-conversion-error",
        "mesh = jax.make_mesh((1,), ('i',))\n"
        "def body(a, n):\n    for _ in range(n):\n        a = a + 1.0\n    return a\n"
        "@jax.jit\ndef run(a):\n"
        "    smap = jax.shard_map(body, mesh=mesh, in_specs=(jax.P(), jax.P()), out_specs=jax.P())\n"
        "    return smap(a, 3)\nrun(x)\n",
        True,
        True,
    ),
    (
        "tracer-integer-conversion-error",
        "mesh = jax.make_mesh((1,), ('i',))\n"
        "def body(a, n):\n    for _ in range(n):\n        a = a + 1.0\n    return a\n"
        "@jax.jit\ndef run(a):\n"
        "    smap = jax.shard_map(body, mesh=mesh, in_specs=(jax.P(), None), out_specs=jax.P())\n"
        "    return smap(a, 3)\nrun(x)\n",
        False,
        True,
    ),
    # a dict as compiler_params, the launch called as it must be (the keyword call: below)
    (
        PARAMS,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] * 2.0\n"
        "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,\n"
        "               compiler_params=dict(mosaic=dict()), interpret=True)(x)\n",
        True,
        True,
    ),
]


@pytest.mark.parametrize(("code", "body", "found", "on_cpu"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, body: str, found: bool, on_cpu: bool
) -> None:
    assert (code in _codes(body)) is found


def test_a_numpy_array_outside_a_kernel_is_no_capture() -> None:
    """Host arrays meet JAX everywhere outside kernels (``x + np.ones(...)``): silent."""
    body = (
        "y = x + np.ones((16, 128), np.float32)\nz = jnp.where(np.ones((16, 128), bool), x, 0.0)\n"
    )
    assert CAPTURE not in _codes(body)


#: A launch with a dict as compiler_params, its kernel called with a keyword argument.
KEYWORD_CALL = (
    "def k(x_ref, o_ref, *, scale):\n    o_ref[...] = x_ref[...] * scale\n"
    "pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,\n"
    "               compiler_params=dict(mosaic=dict()), interpret=True)(x, scale=2.0)\n"
)


def test_a_launch_called_with_keywords_gets_no_finding_of_its_options() -> None:
    """The call raises TypeError (an unexpected keyword argument) before the dict is ever
    hashed: the compiler-params finding would name an error the code never reaches."""
    assert PARAMS not in _codes(KEYWORD_CALL)


@pytest.mark.jax
def test_a_launch_called_with_keywords_raises_before_it_is_lowered(pinned_jax: None) -> None:
    keyword = HEAD + KEYWORD_CALL
    positional = keyword.replace("(x, scale=2.0)", "(x)").replace(", *, scale", "")
    positional = positional.replace("x_ref[...] * scale", "x_ref[...] * 2.0")
    # both raise: the keyword call at the call (TypeError), the positional one at the dict
    assert raised_on_jax("pallas_s38_keywords", [keyword, positional]) == [True, True]


@pytest.mark.jax
def test_the_cpu_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """The cases interpret mode decides are what the pinned JAX does (the TPU ones are
    labelled by the TPU probes of stop 37)."""
    assert_cpu_labels_hold("pallas_s38", HEAD, CASES)
