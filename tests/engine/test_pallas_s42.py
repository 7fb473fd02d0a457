"""The causes of stop 42's Pallas work, each found where it raises and silent on its close
negative, every label execution's: a Ref read or written in a GPU kernel through a region whose
size is not a power of two (``pallas-gpu-size-not-power-of-two``: labelled by lowering each
case for CUDA on the CPU, ``tests._gpu_lowering``), and the ``GpuKernels`` index the GPU rules
now share (which launches a GPU compiles with Triton)."""

from __future__ import annotations

import pytest

from jaxlsp.config import Config
from tests._engine import fresh_engine
from tests._gpu_lowering import lowered_for_a_gpu
from tests._on_jax import raised_on_jax
from tests._pallas_cases import codes_of

TRITON_HEAD = """import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

x = jnp.ones((16, 128), jnp.float32)
v5 = jnp.ones((5,), jnp.float32)
m5 = jnp.ones((5, 5), jnp.float32)
"""

SIZE = "pallas-gpu-size-not-power-of-two"


def _launch(kernel: str, result: str, array: str = "x", extra: str = "") -> str:
    return (
        f"pl.pallas_call({kernel}, out_shape=jax.ShapeDtypeStruct({result}, jnp.float32),"
        f" compiler_params=plgpu.CompilerParams(num_warps=4){extra})({array})\n"
    )


#: (the body, whether it is found): each lowered for CUDA on the CPU
SIZE_CASES: list[tuple[str, bool]] = [
    # jax#19222: a whole (5,) / (5, 5) array loaded; the same kernel on 8 and 16
    (
        "def k(v_ref, o_ref):\n    o_ref[...] = v_ref[...] * 2.0\n" + _launch("k", "(5,)", "v5"),
        True,
    ),
    (
        "def k(v_ref, o_ref):\n    o_ref[...] = v_ref[...] * 2.0\n"
        + _launch("k", "(8,)", "jnp.ones((8,), jnp.float32)"),
        False,
    ),
    ("def k(m_ref, o_ref):\n    o_ref[...] = m_ref[...].T\n" + _launch("k", "(5, 5)", "m5"), True),
    # a window of 12 rows read, and one of 8
    (
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[pl.ds(0, 12), :]\n"
        + _launch("k", "(12, 128)"),
        True,
    ),
    (
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[pl.ds(8, 8), :]\n" + _launch("k", "(8, 128)"),
        False,
    ),
    # one element at a time is a size of 1: lowered
    (
        "def k(v_ref, o_ref):\n    acc = 0.0\n    for i in range(5):\n"
        "        acc = acc + v_ref[i]\n    o_ref[...] = jnp.full((8,), acc)\n"
        + _launch("k", "(8,)", "v5"),
        False,
    ),
    # a grid of 24-row blocks (the grid divides the rows, the size is not a power of 2)
    (
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "spec = pl.BlockSpec((24, 64), lambda i: (i, 0))\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((96, 64), jnp.float32), grid=(4,),"
        " in_specs=[spec], out_specs=spec,"
        " compiler_params=plgpu.CompilerParams(num_warps=4))(jnp.ones((96, 64), jnp.float32))\n",
        True,
    ),
    # a squeezed (None) block dimension counts as 1: (None, 128) rows are 128 elements
    (
        "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...]\n"
        "spec = pl.BlockSpec((None, 128), lambda i: (i, 0))\n"
        "pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32), grid=(16,),"
        " in_specs=[spec], out_specs=spec,"
        " compiler_params=plgpu.CompilerParams(num_warps=4))(x)\n",
        False,
    ),
    # a helper reading n rows, bound by functools.partial
    (
        "def rows(ref, n):\n    return ref[pl.ds(0, n), :]\n"
        "def k(x_ref, o_ref, *, n):\n    o_ref[...] = jnp.sum(rows(x_ref, n), axis=0)\n"
        + _launch("functools.partial(k, n=6)", "(128,)"),
        True,
    ),
    (
        "def rows(ref, n):\n    return ref[pl.ds(0, n), :]\n"
        "def k(x_ref, o_ref, *, n):\n    o_ref[...] = jnp.sum(rows(x_ref, n), axis=0)\n"
        + _launch("functools.partial(k, n=4)", "(128,)"),
        False,
    ),
]


@pytest.mark.parametrize(("body", "found"), SIZE_CASES)
def test_size_found_where_lowering_raises(body: str, found: bool) -> None:
    assert (SIZE in codes_of(TRITON_HEAD + body)) is found


@pytest.mark.jax
def test_size_labels_hold_lowered_for_cuda(pinned_jax: None) -> None:
    sources = [lowered_for_a_gpu(TRITON_HEAD + body) for body, _ in SIZE_CASES]
    assert raised_on_jax("pallas_s42_size", sources) == [found for _, found in SIZE_CASES]


UNSTATED = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

v = jnp.ones((5,), jnp.float32)

def k(v_ref, o_ref):
    o_ref[...] = v_ref[...] + 1.0

pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(v.shape, v.dtype){options})(v)
"""


def test_a_kernel_that_does_not_say_its_chip_is_a_gpu_one_where_the_project_says() -> None:
    engine = fresh_engine()
    analysis = engine.analyze(UNSTATED.format(options=""))
    assert SIZE not in {f.code for f in analysis.findings}  # not proved: the chip is not said
    for target, shown in (("gpu", True), ("any", True), ("tpu", False)):
        codes = {f.code for f in engine.findings(analysis, Config(pallas_target=target))}
        assert (SIZE in codes) is shown, target


def test_interpret_mode_a_tpu_kernel_or_mosaic_gpu_is_not_a_triton_one() -> None:
    engine = fresh_engine()
    for source in (
        UNSTATED.format(options=", interpret=True"),
        "from jax.experimental.pallas import tpu as pltpu\n" + UNSTATED.format(options=""),
        "from jax.experimental.pallas import mosaic_gpu as plgpu\n" + UNSTATED.format(options=""),
        "from jax.experimental.pallas import triton as plgpu\n"
        "from jax.experimental.pallas import mosaic_gpu as plmgpu\n" + UNSTATED.format(options=""),
    ):
        shown = engine.findings(engine.analyze(source), Config(pallas_target="any"))
        assert SIZE not in {f.code for f in shown}, source


def test_a_module_that_imports_triton_only_is_proved() -> None:
    source = "from jax.experimental.pallas import triton as plgpu\n" + UNSTATED.format(
        options=", interpret=True"
    )
    assert SIZE in codes_of(source)


ARGMAX = "pallas-gpu-argmax-index-dtype"

X64_HEAD = """import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu
{switch}
s = jnp.ones((16, 32), jnp.float32)
"""

_ON = 'jax.config.update("jax_enable_x64", True)'


def _argmax_launch(result: str) -> str:
    return (
        f"pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((16,), jnp.{result}),"
        " compiler_params=plgpu.CompilerParams(num_warps=4))(s)\n"
    )


#: (64-bit mode switched on at the top, the body, whether it is found): lowered for CUDA
ARGMAX_CASES: list[tuple[bool, str, bool]] = [
    (True, "def k(s_ref, o_ref):\n    o_ref[...] = jnp.argmax(s_ref[...], axis=1)\n", True),
    (False, "def k(s_ref, o_ref):\n    o_ref[...] = jnp.argmax(s_ref[...], axis=1)\n", False),
    # a cast of the result does not help: the index is made in the reduction
    (
        True,
        "def k(s_ref, o_ref):\n    o_ref[...] = s_ref[...].argmin(axis=1).astype(jnp.int32)\n",
        True,
    ),
    (True, "def k(s_ref, o_ref):\n    o_ref[...] = lax.argmax(s_ref[...], 1, jnp.int32)\n", False),
    (True, "def k(s_ref, o_ref):\n    o_ref[...] = lax.argmax(s_ref[...], 1, jnp.int64)\n", True),
    (True, "def k(s_ref, o_ref):\n    o_ref[...] = jnp.nanargmax(s_ref[...], axis=1)\n", True),
    # the max itself, not its index: lowered
    (
        True,
        "def k(s_ref, o_ref):\n    o_ref[...] = jnp.max(s_ref[...], axis=1).astype(int)\n",
        False,
    ),
]


def _argmax_source(on: bool, body: str) -> str:
    result = "int64" if on else "int32"
    return X64_HEAD.format(switch=_ON if on else "") + body + _argmax_launch(result)


@pytest.mark.parametrize(("on", "body", "found"), ARGMAX_CASES)
def test_argmax_found_where_lowering_raises(on: bool, body: str, found: bool) -> None:
    assert (ARGMAX in codes_of(_argmax_source(on, body))) is found


@pytest.mark.jax
def test_argmax_labels_hold_lowered_for_cuda(pinned_jax: None) -> None:
    sources = [lowered_for_a_gpu(_argmax_source(on, body)) for on, body, _ in ARGMAX_CASES]
    assert raised_on_jax("pallas_s42_argmax", sources) == [f for _, _, f in ARGMAX_CASES]


def test_argmax_is_silent_where_64_bit_mode_may_not_be_on_from_the_start() -> None:
    # switched on after other code ran, or switched off again: not read as on
    late = X64_HEAD.format(switch="print('start')\n" + _ON)
    again = X64_HEAD.format(switch=_ON + '\njax.config.update("jax_enable_x64", False)')
    body = "def k(s_ref, o_ref):\n    o_ref[...] = jnp.argmax(s_ref[...], axis=1)\n"
    for head in (late, again):
        assert ARGMAX not in codes_of(head + body + _argmax_launch("int32"))


UNPACK = "pallas-tpu-unpack-bitwidth"

TPU_HEAD = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
"""


def _unpack(words: str, packed: str, unpacked: str) -> str:
    """A kernel unpacking ``packed`` elements of ``words`` words as ``unpacked``, traced with
    ``jax.eval_shape`` (the check is the primitive's shape rule; running needs a TPU)."""
    return (
        "def k(w_ref, o_ref):\n"
        "    o_ref[...] = pltpu.unpack_elementwise(\n"
        f"        w_ref[...], index=0, packed_dtype=jnp.{packed}, unpacked_dtype=jnp.{unpacked}\n"
        "    )\n"
        f"w = jnp.ones((8, 128), jnp.{words})\n"
        f"call = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.{unpacked}))\n"
        "jax.eval_shape(call, w)\n"
    )


#: (the body, whether it is found): each traced on the pinned JAX (CPU)
UNPACK_CASES: list[tuple[str, bool]] = [
    (_unpack("int8", "int4", "int32"), True),  # jax#39058
    (_unpack("uint32", "int4", "int32"), False),
    (_unpack("int16", "int8", "int32"), True),
    (_unpack("bfloat16", "float8_e4m3fn", "float32"), True),
    (_unpack("float32", "bfloat16", "float32"), False),
    (_unpack("int8", "int4", "int8"), False),
]


@pytest.mark.parametrize(("body", "found"), UNPACK_CASES)
def test_unpack_found_where_tracing_raises(body: str, found: bool) -> None:
    assert (UNPACK in codes_of(TPU_HEAD + body)) is found


@pytest.mark.jax
def test_unpack_labels_hold_on_the_pinned_jax(pinned_jax: None) -> None:
    sources = [TPU_HEAD + body for body, _ in UNPACK_CASES]
    assert raised_on_jax("pallas_s42_unpack", sources) == [found for _, found in UNPACK_CASES]


def test_unpack_of_words_whose_dtype_is_not_known_is_silent() -> None:
    kernel = (
        "def k(w_ref, o_ref):\n"
        "    o_ref[...] = pltpu.unpack_elementwise(\n"
        "        w_ref[...], index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32\n"
        "    )\n"
        "call = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))\n"
    )
    known = kernel + "jax.eval_shape(call, jnp.ones((8, 128), jnp.int8))\n"
    unknown = kernel + "def launch(w):\n    return jax.eval_shape(call, w)\n"
    assert UNPACK in codes_of(TPU_HEAD + known)
    assert UNPACK not in codes_of(TPU_HEAD + unknown)


def test_argmax_is_found_after_constants_bound_before_the_switch() -> None:
    # a name bound to a constant makes no array: 64-bit mode is still on from the start
    head = X64_HEAD.format(switch="_ = 'x'; " + _ON)
    body = "def k(s_ref, o_ref):\n    o_ref[...] = jnp.argmax(s_ref[...], axis=1)\n"
    assert ARGMAX in codes_of(head + body + _argmax_launch("int64"))
