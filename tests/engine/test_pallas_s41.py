"""The causes of stop 41's Pallas work, each found where it raises and silent on its close
negative, every label execution's: a Ref window that runs past the end of its block
(``pallas-ref-window-out-of-bounds``, raised while the kernel is traced: labelled by interpret
mode on the CPU), ``pl.cdiv`` of two ints (a grid it computes is known, so the kernel's Refs
are), and an operation Pallas's Triton lowering has no rule for in a GPU kernel
(``pallas-gpu-unimplemented-primitive``: labelled by lowering each case for CUDA on the CPU,
``tests._gpu_lowering``)."""

from __future__ import annotations

import pytest

from jaxlsp.config import Config
from tests._engine import fresh_engine
from tests._gpu_lowering import lowered_for_a_gpu
from tests._on_jax import raised_on_jax
from tests._pallas_cases import Case, assert_cpu_labels_hold, codes_of

HEAD = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((16, 128), jnp.float32)
v = jnp.ones((1000,), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
"""

WINDOW = "pallas-ref-window-out-of-bounds"

WINDOW_CASES: list[Case] = [
    # a loop over a block's rows in windows that do not divide them: the last runs past
    (
        WINDOW,
        "def k(v_ref, o_ref):\n    acc = jnp.zeros((8,), jnp.float32)\n"
        "    for s in range(0, v_ref.shape[0], 128):\n"
        "        acc = acc + jnp.sum(v_ref[pl.ds(s, 128)])\n    o_ref[...] = acc\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),"
        " interpret=True)(v)\n",
        True,
        True,
    ),
    # the last window is the rows that are left
    (
        WINDOW,
        "def k(v_ref, o_ref):\n    acc = jnp.zeros((8,), jnp.float32)\n    n = v_ref.shape[0]\n"
        "    for s in range(0, n, 128):\n"
        "        acc = acc + jnp.sum(v_ref[pl.ds(s, min(128, n - s))])\n    o_ref[...] = acc\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),"
        " interpret=True)(v)\n",
        False,
        True,
    ),
    # a store through a window wider than the block
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[pl.ds(0, 16), :] = x_ref[...]\n"
        "    o_ref[:, pl.ds(64, 128)] = jnp.zeros((16, 128), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(x)\n",
        True,
        True,
    ),
    # a window that ends exactly at the end
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "    o_ref[:, pl.ds(64, 64)] = jnp.zeros((16, 64), jnp.float32)\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(x)\n",
        False,
        True,
    ),
    # a Python slice that starts at the block's end (its end alone would be cut short)
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + jnp.sum(x_ref[16:])\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(x)\n",
        True,
        True,
    ),
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + jnp.sum(x_ref[8:32])\n"
        "pl.pallas_call(k, out_shape=out, interpret=True)(x)\n",
        False,
        True,
    ),
    # the block, not the array, is what the window indexes; its grid from pl.cdiv
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "    o_ref[pl.ds(4, 8), :] = x_ref[pl.ds(0, 8), :]\n"
        "spec = pl.BlockSpec((8, 128), lambda i: (i, 0))\n"
        "pl.pallas_call(k, out_shape=out, grid=(pl.cdiv(16, 8),), in_specs=[spec],"
        " out_specs=spec, interpret=True)(x)\n",
        True,
        True,
    ),
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    o_ref[pl.ds(0, 8), :] = x_ref[pl.ds(0, 8), :]\n"
        "spec = pl.BlockSpec((8, 128), lambda i: (i, 0))\n"
        "pl.pallas_call(k, out_shape=out, grid=(pl.cdiv(16, 8),), in_specs=[spec],"
        " out_specs=spec, interpret=True)(x)\n",
        False,
        True,
    ),
    # a traced start with a known length is not judged (its error is another, elsewhere)
    (
        WINDOW,
        "def k(x_ref, o_ref):\n    i = pl.program_id(0)\n"
        "    o_ref[...] = x_ref[pl.ds(i * 8, 16), :]\n"
        "spec = pl.BlockSpec((16, 128), lambda i: (0, 0))\n"
        "pl.pallas_call(k, out_shape=out, grid=(1,), in_specs=[spec], out_specs=spec,"
        " interpret=True)(x)\n",
        False,
        False,
    ),
]


@pytest.mark.parametrize(("code", "body", "found", "cpu"), WINDOW_CASES)
def test_window_found_where_it_raises(code: str, body: str, found: bool, cpu: bool) -> None:
    assert (code in codes_of(HEAD + body)) is found


@pytest.mark.jax
def test_window_labels_hold_on_the_pinned_jax(pinned_jax: None) -> None:
    assert_cpu_labels_hold("pallas_s41_window", HEAD, WINDOW_CASES)


TRITON_HEAD = """import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

x = jnp.ones((16, 128), jnp.float32)
xb = jnp.ones((16, 128), jnp.bfloat16)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
outb = jax.ShapeDtypeStruct((16, 128), jnp.bfloat16)
"""

GPU = "pallas-gpu-unimplemented-primitive"


def _launch(kernel: str, result: str = "out", array: str = "x") -> str:
    return (
        f"pl.pallas_call({kernel}, out_shape={result},"
        f" compiler_params=plgpu.CompilerParams(num_warps=4))({array})\n"
    )


#: (the rule's code, the body, whether it is found): each lowered for CUDA on the CPU
GPU_CASES: list[tuple[str, str, bool]] = [
    (
        GPU,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.flip(x_ref[...], axis=1)\n" + _launch("k"),
        True,
    ),
    (GPU, "def k(x_ref, o_ref):\n    o_ref[...] = jnp.exp(x_ref[...])\n" + _launch("k"), False),
    (GPU, "def k(x_ref, o_ref):\n    o_ref[...] = jss.erf(x_ref[...])\n" + _launch("k"), True),
    # erf_inv and cumsum: lowered by 0.12's Triton lowering (the TPU one lacks cumsum)
    (
        GPU,
        "def k(x_ref, o_ref):\n    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)\n" + _launch("k"),
        False,
    ),
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v.at[0].set(0.0)\n"
        + _launch("k"),
        True,
    ),
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n"
        "    row = jax.lax.broadcasted_iota(jnp.int32, v.shape, 0)\n"
        "    o_ref[...] = jnp.where(row == 0, 0.0, v)\n" + _launch("k"),
        False,
    ),
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v[jnp.arange(16) % 4]\n"
        + _launch("k"),
        True,
    ),
    # bfloat16 division; the same values divided in float32
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = v / (v + 1)\n"
        + _launch("k", "outb", "xb"),
        True,
    ),
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...].astype(jnp.float32)\n"
        "    o_ref[...] = (v / (v + 1)).astype(jnp.bfloat16)\n" + _launch("k", "outb", "xb"),
        False,
    ),
    (
        GPU,
        "def k(x_ref, o_ref):\n    v = x_ref[...]\n    o_ref[...] = (v / 2.0)\n"
        + _launch("k", "outb", "xb"),
        True,
    ),
]


@pytest.mark.parametrize(("code", "body", "found"), GPU_CASES)
def test_gpu_primitive_found_where_lowering_raises(code: str, body: str, found: bool) -> None:
    assert (code in codes_of(TRITON_HEAD + body)) is found


@pytest.mark.jax
def test_gpu_labels_hold_lowered_for_cuda(pinned_jax: None) -> None:
    sources = [lowered_for_a_gpu(TRITON_HEAD + body) for _, body, _ in GPU_CASES]
    assert raised_on_jax("pallas_s41_gpu", sources) == [found for _, _, found in GPU_CASES]


UNSTATED = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((16, 128), jnp.float32)

def k(x_ref, o_ref):
    o_ref[...] = jnp.sort(x_ref[...], axis=1)

pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype)){tail}
"""


def test_a_kernel_that_does_not_say_its_chip_is_a_gpu_one_where_the_project_says() -> None:
    engine = fresh_engine()
    analysis = engine.analyze(UNSTATED.format(tail="(x)"))
    assert GPU not in {f.code for f in analysis.findings}  # not proved: the chip is not said
    shown = {f.code for f in engine.findings(analysis, Config(pallas_target="gpu"))}
    assert GPU in shown
    assert GPU in {f.code for f in engine.findings(analysis, Config(pallas_target="any"))}
    assert GPU not in {f.code for f in engine.findings(analysis, Config(pallas_target="tpu"))}


def test_interpret_mode_or_a_tpu_kernel_is_not_a_gpu_one() -> None:
    engine = fresh_engine()
    for source in (
        UNSTATED.format(tail="(x)").replace("x.dtype))", "x.dtype), interpret=True)"),
        "from jax.experimental.pallas import tpu as pltpu\n" + UNSTATED.format(tail="(x)"),
    ):
        analysis = engine.analyze(source)
        shown = engine.findings(analysis, Config(pallas_target="any"))
        assert GPU not in {f.code for f in shown}
