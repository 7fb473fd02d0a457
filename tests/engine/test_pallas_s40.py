"""The causes of stop 40's Pallas work, each found where it raises and silent on its close
negative: ``out_shape=jax.typeof(x)`` (an array's abstract value, which ``pallas_call``
takes as it takes a ``ShapeDtypeStruct``) gives the kernel's output Ref its shape and dtype,
so what the kernel does with that Ref is judged (jax#39190's ``pl.empty_ref_like(x_ref)``
was missed because its launch's Refs were unknown); a gather in a TPU kernel the TPU
lowering refuses (``pallas-tpu-gather``: measured on a TPU v5e, jax 0.10.2, by the probes and
corpus programs named beside each case, not here)."""

from __future__ import annotations

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

HEAD = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
"""

EMPTY = "pallas-empty-ref-like-argument"
GATHER = "pallas-tpu-gather"
STORE = "pallas-store-shape-mismatch"

CASES = [
    # the output Ref of a launch whose out_shape is jax.typeof(x)
    (
        EMPTY,
        "def k(x_ref, o_ref):\n    m_ref = pl.empty_ref_like(o_ref)\n"
        "    m_ref[...] = x_ref[...]\n    o_ref[...] = m_ref[...]\n"
        "pl.pallas_call(k, out_shape=jax.typeof(x), interpret=True)(x)\n",
        True,
    ),
    (
        EMPTY,
        "def k(x_ref, o_ref):\n"
        "    m_ref = pl.empty_ref_like(pltpu.VMEM(o_ref.shape, o_ref.dtype))\n"
        "    m_ref[...] = x_ref[...]\n    o_ref[...] = m_ref[...]\n"
        "pl.pallas_call(k, out_shape=jax.typeof(x), interpret=True)(x)\n",
        False,
    ),
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...][:8]\n"
        "pl.pallas_call(k, out_shape=jax.typeof(x), interpret=True)(x)\n",
        True,
    ),
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] * 2\n"
        "pl.pallas_call(k, out_shape=jax.typeof(x), interpret=True)(x)\n",
        False,
    ),
    # a parameter's abstract value follows the argument the call gives it: the store fits
    (
        STORE,
        "def launch(a):\n"
        "    def k(x_ref, o_ref):\n        o_ref[...] = x_ref[...][:8]\n"
        "    return pl.pallas_call(k, out_shape=jax.typeof(a), interpret=True)(x[:8])\n"
        "launch(x[:8])\n",
        False,
    ),
]


#: A TPU launch of ``k`` over ``v`` and ``i`` whose output is ``o``.
TPU = (
    "pl.pallas_call(k, out_shape=o, compiler_params=pltpu.CompilerParams(),\n"
    "               interpret=True)(v, i)\n"
)
#: A launch that does not say it is for a TPU.
ANY = "pl.pallas_call(k, out_shape=o, interpret=True)(v, i)\n"


def _gather(kernel: str, v: str, i: str, o: str, launch: str = TPU) -> str:
    return f"v = {v}\ni = {i}\no = jax.ShapeDtypeStruct({o}, jnp.float32)\n{kernel}{launch}"


#: Each case, the chip's outcome (``labels/_probe_s40_*`` and ``pallas-tpu-gather/s40_*`` in
#: the TPU labels) and whether the rule reports it.
GATHER_CASES = [
    # rows of a 2-D value by an index vector: raised (probe rows_by_index_vector)
    (
        "def k(x_ref, i_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v[i_ref[...]]\n",
        "jnp.ones((16, 128), jnp.float32)",
        "jnp.arange(8, dtype=jnp.int32)",
        "(8, 128)",
        True,
    ),
    # jnp.take of columns: raised (probe take_columns_axis1)
    (
        "def k(x_ref, i_ref, o_ref):\n    o_ref[...] = jnp.take(x_ref[...], i_ref[...], axis=1)\n",
        "jnp.ones((8, 128), jnp.float32)",
        "jnp.arange(128, dtype=jnp.int32)",
        "(8, 128)",
        True,
    ),
    # take_along_axis along 256 float32 or int32 columns: raised (probes *_256_*)
    (
        "def k(x_ref, i_ref, o_ref):\n"
        "    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=1)\n",
        "jnp.ones((8, 256), jnp.float32)",
        "jnp.zeros((8, 256), jnp.int32)",
        "(8, 256)",
        True,
    ),
    # ... within 128 lanes: ran (probes take_along_axis_one_column, _same_shape)
    (
        "def k(x_ref, i_ref, o_ref):\n"
        "    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=1)\n",
        "jnp.ones((8, 128), jnp.float32)",
        "jnp.zeros((8, 1), jnp.int32)",
        "(8, 1)",
        False,
    ),
    # along axis 0 of 16 rows: raised on the chip, not claimed (rows are not measured past
    # one register's 8 sublanes but by this one probe)
    (
        "def k(x_ref, i_ref, o_ref):\n"
        "    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=0)\n",
        "jnp.ones((16, 128), jnp.float32)",
        "jnp.zeros((16, 128), jnp.int32)",
        "(16, 128)",
        False,
    ),
    # bfloat16 along 256 columns: another error on the chip (bitwidths), not claimed
    (
        "def k(x_ref, i_ref, o_ref):\n"
        "    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=1)\n",
        "jnp.ones((16, 256), jnp.bfloat16)",
        "jnp.zeros((16, 1), jnp.int32)",
        "(16, 1)",
        False,
    ),
    # a 1-D value by an index vector: another error on the chip (a layout), not claimed
    (
        "def k(x_ref, i_ref, o_ref):\n    o_ref[...] = x_ref[...][i_ref[...]]\n",
        "jnp.ones((128,), jnp.float32)",
        "jnp.arange(128, dtype=jnp.int32)",
        "(128,)",
        False,
    ),
    # the select and sum that replaces a wide take_along_axis: ran (s40_label_logit_select)
    (
        "def k(x_ref, i_ref, o_ref):\n    w = x_ref[...]\n"
        "    cols = jax.lax.broadcasted_iota(jnp.int32, w.shape, 1)\n"
        "    o_ref[...] = jnp.sum(jnp.where(cols == i_ref[...], w, 0.0), axis=1, keepdims=True)\n",
        "jnp.ones((8, 1024), jnp.float32)",
        "jnp.zeros((8, 1), jnp.int32)",
        "(8, 1)",
        False,
    ),
]


@pytest.mark.parametrize(("kernel", "v", "i", "o", "found"), GATHER_CASES)
def test_a_tpu_gather_is_found_where_the_chip_refused_it(
    kernel: str, v: str, i: str, o: str, found: bool
) -> None:
    assert (GATHER in _codes(_gather(kernel, v, i, o))) is found


def test_a_gather_in_a_kernel_not_said_to_be_for_a_tpu_is_silent() -> None:
    """A kernel whose code does not say TPU is silent (its finding is only assumed, shown where
    the project's ``pallasTarget`` says its kernels are for a TPU)."""
    kernel = "def k(x_ref, i_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v[i_ref[...]]\n"
    shapes = ("jnp.ones((16, 128), jnp.float32)", "jnp.arange(8, dtype=jnp.int32)", "(8, 128)")
    said = [f for f in _findings(_gather(kernel, *shapes)) if f.code == GATHER]
    assert [f.assumes_target for f in said] == [None]
    plain = (HEAD + _gather(kernel, *shapes, ANY)).replace(
        "from jax.experimental.pallas import tpu as pltpu\n", ""
    )
    assumed = [f for f in fresh_engine().analyze(plain).findings if f.code == GATHER]
    assert assumed == []


def test_an_index_of_unknown_rank_or_dtype_is_silent() -> None:
    kernel = (
        "def make(idx):\n    def k(x_ref, o_ref):\n        v = x_ref[...]\n"
        "        o_ref[...] = v[idx]\n    return k\n"
    )
    body = (
        "v = jnp.ones((16, 128), jnp.float32)\n"
        "def launch(idx):\n"
        + "\n".join("    " + line for line in kernel.splitlines())
        + "\n    return pl.pallas_call(make(idx), out_shape=jax.ShapeDtypeStruct((16, 128),"
        " jnp.float32), compiler_params=pltpu.CompilerParams(), interpret=True)(v)\n"
    )
    assert GATHER not in _codes(body)


def _findings(body: str) -> list[Finding]:
    return list(fresh_engine().analyze(HEAD + body).findings)


def _codes(body: str) -> list[str]:
    return [finding.code for finding in _findings(body)]


@pytest.mark.parametrize(("code", "body", "found"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, body: str, found: bool
) -> None:
    assert (code in _codes(body)) is found


@pytest.mark.jax
def test_the_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """Each case raises on the pinned JAX (interpret mode, CPU) exactly where it is found."""
    raised = raised_on_jax("pallas_s40", [HEAD + body for _, body, _ in CASES])
    assert raised == [found for _, _, found in CASES]
