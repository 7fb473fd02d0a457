"""The causes of stop 39's Pallas work, each found where it raises and silent on its close
negative: a read in a kernel behind a test the analysis cannot decide (an environment flag, a
loop of unknown count) or in an arm never taken is no proof that the kernel reads it (captured
arrays, ``functools.partial`` bindings, NumPy tables; and every Pallas rule's finding there);
a kernel Ref sliced with a Python slice of a tracer (``tracer-bool-conversion-error``); a DMA waited
on with a regular semaphore (``pallas-dma-semaphore-type``); ``lax.scan`` over an array or
stacking its outputs in a TPU kernel; ``pl.empty_ref_like`` of a Ref
(``pallas-empty-ref-like-argument``); ``acc_ref[...] += x`` that does not broadcast."""

from __future__ import annotations

import pytest

from tests._pallas_cases import Case, assert_cpu_labels_hold, codes_of

HEAD = """import functools
import os
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

FLAG = os.environ.get("JAXLSP_S39_FLAG", "0") == "1"
COUNT = int(os.environ.get("JAXLSP_S39_COUNT", "0"))
x = jnp.ones((16, 128), jnp.float32)
bias = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
"""

#: A launch of ``k`` over ``x`` (whole arrays).
LAUNCH = "pl.pallas_call(k, out_shape=out, interpret=True)(x)\n"
#: A TPU launch of ``k`` over ``x``.
TPU_LAUNCH = (
    "pl.pallas_call(k, out_shape=out, compiler_params=pltpu.CompilerParams(),\n"
    "               interpret=True)(x)\n"
)
#: A launch of ``k`` over ``x`` on a grid of two (8, 128) blocks.
GRID = "pl.pallas_call(k, out_shape=out, grid=(2,), interpret=True)(x)\n"
#: A launch of ``k`` whose input stays in HBM, with a VMEM buffer and ``SEM`` as scratch.
DMA = (
    "pl.pallas_call(k, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pl.ANY)],\n"
    "               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), SEM],\n"
    "               interpret=True)(x)\n"
)
COPY = (
    "def k(x_hbm, o_ref, buf, sem):\n"
    "    copy = pltpu.make_async_copy(x_hbm, buf, sem)\n"
    "    copy.start()\n"
    "    copy.wait()\n"
    "    o_ref[...] = buf[...]\n"
)


def _codes(body: str) -> list[str]:
    return codes_of(HEAD + body)


CAPTURE = "pallas-kernel-captures-array"
SLICE = "tracer-bool-conversion-error"
SEMAPHORE = "pallas-dma-semaphore-type"
PRIMITIVE = "pallas-tpu-unimplemented-primitive"
STORE = "pallas-store-shape-mismatch"
BROADCAST = "incompatible-shapes-for-broadcasting"
COPY_SHAPE = "pallas-async-copy-shape-mismatch"
NARROW = "pallas-tpu-dtype"
EMPTY = "pallas-empty-ref-like-argument"

#: (code, body, found, labelled on the CPU: else measured on a TPU v5e, jax 0.10.2, by the
#: corpus programs and probes of stop 39 or an earlier stop)
CASES: list[Case] = [
    # a captured array read behind a flag the analysis cannot decide (off when it runs)
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    if FLAG:\n        o_ref[...] = x_ref[...] + bias\n"
        "    else:\n        o_ref[...] = x_ref[...]\n" + LAUNCH,
        False,
        True,
    ),
    # ... behind a flag that is set: the read traces
    (
        CAPTURE,
        "ON = True\ndef k(x_ref, o_ref):\n    if ON:\n        o_ref[...] = x_ref[...] + bias\n"
        "    else:\n        o_ref[...] = x_ref[...]\n" + LAUNCH,
        True,
        True,
    ),
    # ... in the arm a factory's argument never takes
    (
        CAPTURE,
        "def make(use_bias):\n    def k(x_ref, o_ref):\n        if use_bias:\n"
        "            o_ref[...] = x_ref[...] + bias\n        else:\n"
        "            o_ref[...] = x_ref[...]\n    return k\n"
        "pl.pallas_call(make(False), out_shape=out, interpret=True)(x)\n",
        False,
        True,
    ),
    # ... after an undecided `if` that leaves no path: every run reads it
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    if FLAG:\n        s = 2.0\n    else:\n        s = 1.0\n"
        "    o_ref[...] = x_ref[...] * s + bias\n" + LAUNCH,
        True,
        True,
    ),
    # ... after an undecided `if` whose arm returns: the read may never run
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    if not FLAG:\n        o_ref[...] = x_ref[...]\n"
        "        return\n    o_ref[...] = x_ref[...] + bias\n" + LAUNCH,
        False,
        True,
    ),
    # ... in an arm of an undecided conditional expression
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + (bias if FLAG else 0.0)\n" + LAUNCH,
        False,
        True,
    ),
    # ... in a loop of unknown count (zero passes when it runs), and of two passes
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n    for _ in range(COUNT):\n"
        "        o_ref[...] += bias\n" + LAUNCH,
        False,
        True,
    ),
    (
        CAPTURE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n    for _ in range(2):\n"
        "        o_ref[...] += bias\n" + LAUNCH,
        True,
        True,
    ),
    # a traced scale bound by functools.partial, read behind the flag
    (
        CAPTURE,
        "def kf(x_ref, o_ref, scale):\n    if FLAG:\n        o_ref[...] = x_ref[...] * scale\n"
        "    else:\n        o_ref[...] = x_ref[...]\n"
        "@jax.jit\ndef f(x, scale):\n"
        "    return pl.pallas_call(functools.partial(kf, scale=scale), out_shape=out,\n"
        "                          interpret=True)(x)\nf(x, 1.5)\n",
        False,
        True,
    ),
    # a NumPy table meeting a tracer behind the flag, and unconditionally
    (
        CAPTURE,
        "T = np.ones((16, 128), np.float32)\ndef k(x_ref, o_ref):\n    v = x_ref[...]\n"
        "    if FLAG:\n        v = v * T\n    o_ref[...] = v\n" + LAUNCH,
        False,
        True,
    ),
    (
        CAPTURE,
        "T = np.ones((16, 128), np.float32)\ndef k(x_ref, o_ref):\n    v = x_ref[...]\n"
        "    v = v * T\n    o_ref[...] = v\n" + LAUNCH,
        True,
        True,
    ),
    # any Pallas rule: a store of the wrong shape behind the flag, and unconditionally
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n    if FLAG:\n"
        "        o_ref[...] = x_ref[:8, :]\n" + LAUNCH,
        False,
        True,
    ),
    (
        STORE,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[:8, :]\n" + LAUNCH,
        True,
        True,
    ),
    # a TPU kernel's cumsum behind the flag (the chip refuses cumsum: corpus
    # pallas-tpu-unimplemented-primitive/cumsum_rows_direct.py)
    (
        PRIMITIVE,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    if FLAG:\n"
        "        v = jnp.cumsum(v, axis=1)\n    o_ref[...] = v\n" + TPU_LAUNCH,
        False,
        False,
    ),
    (
        PRIMITIVE,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)\n" + TPU_LAUNCH,
        True,
        False,
    ),
    # int8 arithmetic in the arm a setting never takes (read from the kernel's text)
    (
        NARROW,
        "WIDE = True\ndef k(x_ref, o_ref):\n    if WIDE:\n"
        "        o_ref[...] = x_ref[...].astype(jnp.int32).astype(jnp.int8)\n"
        "    else:\n        o_ref[...] = x_ref[...] + 1\n"
        "q = jnp.ones((32, 128), jnp.int8)\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((32, 128), jnp.int8),\n"
        "               compiler_params=pltpu.CompilerParams(), interpret=True)(q)\n",
        False,
        False,
    ),
    # a DMA of another shape started only behind the flag
    (
        COPY_SHAPE,
        "def k(x_hbm, o_ref, buf, sem):\n"
        "    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf, sem)\n"
        "    if FLAG:\n        copy.start()\n        copy.wait()\n"
        "    o_ref[...] = buf[...]\n"
        "SEM = pltpu.SemaphoreType.DMA\n" + DMA,
        False,
        True,
    ),
    # a kernel Ref sliced with a Python slice of the grid index, of a loop counter, of a
    # traced stop; pl.ds, Python ints and a slice behind the flag stay silent
    (
        SLICE,
        "def k(x_ref, o_ref):\n    i = pl.program_id(0)\n"
        "    o_ref[...] = x_ref[i * 8 : (i + 1) * 8, :].sum() + o_ref[...]\n" + GRID,
        True,
        True,
    ),
    (
        SLICE,
        "def k(x_ref, o_ref):\n    def body(i, acc):\n"
        "        return acc + x_ref[i * 8 : (i + 1) * 8, :]\n"
        "    o_ref[:8, :] = lax.fori_loop(0, 2, body, jnp.zeros((8, 128), jnp.float32))\n"
        "    o_ref[8:, :] = x_ref[8:, :]\n" + LAUNCH,
        True,
        True,
    ),
    (
        SLICE,
        "def k(x_ref, o_ref):\n    i = pl.program_id(0)\n"
        "    o_ref[...] = jnp.zeros((16, 128)) + x_ref[0 : i + 1, :].sum()\n" + GRID,
        True,
        True,
    ),
    (
        SLICE,
        "def k(x_ref, o_ref):\n    i = pl.program_id(0)\n"
        "    o_ref[pl.ds(i * 8, 8), :] = x_ref[pl.ds(i * 8, 8), :]\n"
        "    o_ref[0:8, :] = x_ref[0:8, :]\n" + GRID,
        False,
        True,
    ),
    (
        SLICE,
        "def k(x_ref, o_ref):\n    i = pl.program_id(0)\n    o_ref[...] = x_ref[...]\n"
        "    if FLAG:\n        o_ref[i * 8 : (i + 1) * 8, :] = x_ref[0:8, :]\n" + GRID,
        False,
        True,
    ),
    # a DMA waited on with a regular semaphore, an array of them, a barrier one; a DMA one
    (SEMAPHORE, COPY + "SEM = pltpu.SemaphoreType.REGULAR\n" + DMA, True, True),
    (SEMAPHORE, COPY + "SEM = pltpu.SemaphoreType.DMA\n" + DMA, False, True),
    (SEMAPHORE, COPY + "SEM = pltpu.SemaphoreType.BARRIER\n" + DMA, True, True),
    (
        SEMAPHORE,
        "def k(x_hbm, o_ref, buf, sems):\n"
        "    copy = pltpu.make_async_copy(x_hbm, buf, sems.at[1])\n"
        "    copy.start()\n    copy.wait()\n    o_ref[...] = buf[...]\n"
        "SEM = pltpu.SemaphoreType.REGULAR((2,))\n" + DMA,
        True,
        True,
    ),
    (
        SEMAPHORE,
        "def k(x_hbm, o_ref, buf, sems):\n"
        "    copy = pltpu.make_async_copy(x_hbm, buf, sems.at[1])\n"
        "    copy.start()\n    copy.wait()\n    o_ref[...] = buf[...]\n"
        "SEM = pltpu.SemaphoreType.DMA((2,))\n" + DMA,
        False,
        True,
    ),
    # ... waited on only behind the flag
    (
        SEMAPHORE,
        "def k(x_hbm, o_ref, buf, sem):\n"
        "    copy = pltpu.make_async_copy(x_hbm, buf, sem)\n"
        "    o_ref[...] = x_hbm.shape[0] * jnp.ones((16, 128), jnp.float32)\n"
        "    if FLAG:\n        copy.start()\n        copy.wait()\n"
        "SEM = pltpu.SemaphoreType.REGULAR\n" + DMA,
        False,
        True,
    ),
    # lax.scan in a TPU kernel over a block's rows, stacking its carries; a carry-only
    # scan of no xs stays silent (labels/_probe_s39_*: the chip refused both of xs or ys)
    (
        PRIMITIVE,
        "def k(x_ref, o_ref):\n    def step(c, row):\n        return c + row, None\n"
        "    total, _ = lax.scan(step, jnp.zeros((128,), jnp.float32), x_ref[...])\n"
        "    o_ref[...] = jnp.broadcast_to(total, (16, 128))\n" + TPU_LAUNCH,
        True,
        False,
    ),
    (
        PRIMITIVE,
        "def k(x_ref, o_ref):\n    def step(c, _):\n        c = c + 1.0\n        return c, c\n"
        "    _, ys = lax.scan(step, jnp.zeros((128,), jnp.float32), None, length=16)\n"
        "    o_ref[...] = ys\n" + TPU_LAUNCH,
        True,
        False,
    ),
    (
        PRIMITIVE,
        "def k(x_ref, o_ref):\n    def step(c, _):\n        return c + x_ref[...], None\n"
        "    total, _ = lax.scan(step, jnp.zeros((16, 128), jnp.float32), None, length=2)\n"
        "    o_ref[...] = total\n" + TPU_LAUNCH,
        False,
        True,
    ),
    # pl.empty_ref_like of the kernel's Ref or of a loaded array (jax#39190); of a VMEM
    # shape or a ShapeDtypeStruct it runs (in interpret mode)
    (
        EMPTY,
        "def k(x_ref, o_ref):\n    m_ref = pl.empty_ref_like(x_ref)\n"
        "    m_ref[...] = x_ref[...]\n    o_ref[...] = m_ref[...]\n" + LAUNCH,
        True,
        True,
    ),
    (
        EMPTY,
        "def k(x_ref, o_ref):\n    m_ref = pl.empty_ref_like(x_ref[...])\n"
        "    m_ref[...] = x_ref[...]\n    o_ref[...] = m_ref[...]\n" + LAUNCH,
        True,
        True,
    ),
    (
        EMPTY,
        "def k(x_ref, o_ref):\n"
        "    m_ref = pl.empty_ref_like(pltpu.VMEM(x_ref.shape, x_ref.dtype))\n"
        "    m_ref[...] = x_ref[...]\n    o_ref[...] = m_ref[...]\n" + LAUNCH,
        False,
        True,
    ),
    (
        EMPTY,
        "def k(x_ref, o_ref):\n"
        "    m_ref = pl.empty_ref_like(jax.ShapeDtypeStruct(x_ref.shape, x_ref.dtype))\n"
        "    o_ref[...] = x_ref[...]\n" + LAUNCH,
        False,
        True,
    ),
    # acc_ref[...] += of a value that does not broadcast with the Ref's window
    (
        BROADCAST,
        "def k(x_ref, o_ref, acc_ref):\n    acc_ref[...] = jnp.zeros_like(acc_ref)\n"
        "    acc_ref[...] += jnp.dot(x_ref[...], jnp.ones((128, 256), jnp.float32))\n"
        "    o_ref[...] = acc_ref[...]\n"
        "pl.pallas_call(k, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],\n"
        "               interpret=True)(x)\n",
        True,
        True,
    ),
    (
        BROADCAST,
        "def k(x_ref, o_ref, acc_ref):\n    acc_ref[...] = jnp.zeros_like(acc_ref)\n"
        "    acc_ref[...] += jnp.dot(x_ref[...], jnp.ones((128, 128), jnp.float32))\n"
        "    o_ref[...] = acc_ref[...]\n"
        "pl.pallas_call(k, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],\n"
        "               interpret=True)(x)\n",
        False,
        True,
    ),
]


@pytest.mark.parametrize(("code", "body", "found", "on_cpu"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, body: str, found: bool, on_cpu: bool
) -> None:
    assert (code in _codes(body)) is found


def test_a_read_is_not_proved_while_another_run_leaves_its_test_undecided() -> None:
    """A kernel launched twice, once with the flag set and once behind an undecided one,
    stays silent: the read is not proved in every run that reaches it (``SurePaths`` asks
    every run of the branch)."""
    body = (
        "def make(on):\n    def k(x_ref, o_ref):\n        if on:\n"
        "            o_ref[...] = x_ref[...] + bias\n        else:\n"
        "            o_ref[...] = x_ref[...]\n    return k\n"
        "pl.pallas_call(make(True), out_shape=out, interpret=True)(x)\n"
        "pl.pallas_call(make(FLAG), out_shape=out, interpret=True)(x)\n"
    )
    assert CAPTURE not in _codes(body)


@pytest.mark.jax
def test_the_cpu_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """The cases interpret mode decides are what the pinned JAX does (the TPU ones are the
    chip's, measured by the corpus programs and probes named beside them)."""
    assert_cpu_labels_hold("pallas_s39", HEAD, CASES)
