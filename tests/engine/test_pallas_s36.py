"""The Pallas rules of stop 36 (a DMA between Refs of another shape or dtype, a scratch buffer
without a dtype, compiler params given as a dict) and the kernel facts they rest on (a Ref's
window ``x_ref.at[...]``, an HBM operand's shape, a scalar-prefetch Ref's shape, the value of
``acc_ref[...] += ...``): each finds what raises and stays silent on the close negatives."""

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

#: A kernel DMAing its HBM operand ``x_hbm`` (16, 128) float32 into ``buf`` (16, 128) float32;
#: ``COPY`` is replaced by the copy under test.
DMA = """
def k(x_hbm, o_ref, buf, sem):
    i = pl.program_id(0)
COPY
    o_ref[...] = buf[pl.ds(0, 8), :].astype(jnp.float32)
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), grid=(1,),
               in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
               scratch_shapes=[pltpu.VMEM((16, 128), DTYPE), pltpu.SemaphoreType.DMA],
               interpret=True)(x)
"""


def _dma(copy: str, dtype: str = "jnp.float32") -> str:
    return DMA.replace("COPY", copy).replace("DTYPE", dtype)


def _codes(body: str) -> list[str]:
    return codes_of(HEAD + body)


DMA_CODE = "pallas-async-copy-shape-mismatch"
#: (code, body, found, runs on the CPU: labelled there; else by its record's TPU runs)
CASES: list[Case] = [
    (
        DMA_CODE,
        _dma(
            "    c = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf, sem)\n"
            "    c.start()\n    c.wait()"
        ),
        True,
        False,
    ),
    (  # the same window into a window of the buffer: one shape
        DMA_CODE,
        _dma(
            "    c = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf.at[pl.ds(8, 8)], sem)\n"
            "    c.start()\n    c.wait()"
        ),
        False,
        False,
    ),
    (  # a descriptor never started moves nothing
        DMA_CODE,
        _dma("    c = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf, sem)"),
        False,
        False,
    ),
    (  # started where it is made
        DMA_CODE,
        _dma("    pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf, sem).start()"),
        True,
        False,
    ),
    (  # a traced start of a known size: 8 rows into 16
        DMA_CODE,
        _dma("    pltpu.sync_copy(x_hbm.at[pl.ds(i * 8, 8)], buf)"),
        True,
        False,
    ),
    (  # a traced start of a known size, into a window of that size
        DMA_CODE,
        _dma("    pltpu.sync_copy(x_hbm.at[pl.ds(i * 8, 8)], buf.at[pl.ds(0, 8)])"),
        False,
        False,
    ),
    (  # a window whose size is not known
        DMA_CODE,
        "\nimport os\nrows = int(os.environ['ROWS'])\n"
        + _dma("    pltpu.sync_copy(x_hbm.at[pl.ds(0, rows)], buf)"),
        False,
        False,
    ),
    (  # the whole operand, same shape, another dtype
        DMA_CODE,
        _dma("    pltpu.async_copy(x_hbm, buf, sem).wait()", "jnp.bfloat16"),
        True,
        False,
    ),
    (  # an integer index drops the axis: (8, 128) into (8, 128)
        DMA_CODE,
        _dma("    pltpu.sync_copy(x_hbm.at[pl.ds(0, 8)], buf.at[pl.ds(8, 8), :])"),
        False,
        False,
    ),
    (  # VMEM to VMEM: the (8, 128) output block into the (16, 128) buffer
        DMA_CODE,
        _dma("    pltpu.sync_copy(o_ref, buf)"),
        True,
        False,
    ),
    (
        "pallas-scratch-shapes-dtype",
        """
def k(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]
acc = pltpu.VMEM((16, 128))
pl.pallas_call(k, out_shape=out, scratch_shapes=[acc], interpret=True)(x)
""",
        True,
        True,
    ),
    (
        "pallas-scratch-shapes-dtype",
        """
def k(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]
pl.pallas_call(k, out_shape=out, scratch_shapes=[pltpu.VMEM(shape=(16, 128))],
               interpret=True)(x)
""",
        True,
        True,
    ),
    (
        "pallas-scratch-shapes-dtype",
        """
def k(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]
pl.pallas_call(k, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), dtype=jnp.float32)],
               interpret=True)(x)
""",
        False,
        True,
    ),
    (  # the dtype may be in the spread
        "pallas-scratch-shapes-dtype",
        """
def k(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]
declared = ((16, 128), jnp.float32)
pl.pallas_call(k, out_shape=out, scratch_shapes=[pltpu.VMEM(*declared)], interpret=True)(x)
""",
        False,
        True,
    ),
    (
        "pallas-compiler-params-type",
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
def params():
    return {"mosaic": {"dimension_semantics": ("parallel",)}}
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=params(), interpret=True)(x)
""",
        True,
        True,
    ),
    (  # the launch is never called: nothing is lowered
        "pallas-compiler-params-type",
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
launch = pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
                        compiler_params=dict(mosaic={}), interpret=True)
""",
        False,
        True,
    ),
    (
        "pallas-compiler-params-type",
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
               interpret=True)(x)
""",
        False,
        True,
    ),
    (  # a scalar-prefetch Ref is typed by its array: a whole load of it is a vector
        "pallas-tpu-smem-vector",
        """
def k(ids_ref, x_ref, o_ref):
    ids = ids_ref[...]
    o_ref[...] = x_ref[...] + ids[0].astype(jnp.float32)
gs = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(2,),
                                  in_specs=[pl.BlockSpec((8, 128), lambda i, s: (i, 0))],
                                  out_specs=pl.BlockSpec((8, 128), lambda i, s: (i, 0)))
pl.pallas_call(k, out_shape=out, grid_spec=gs)(jnp.array([1, 2], jnp.int32), x)
""",
        True,
        False,
    ),
    (
        "pallas-tpu-smem-vector",
        """
def k(ids_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + ids_ref[pl.program_id(0)].astype(jnp.float32)
gs = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(2,),
                                  in_specs=[pl.BlockSpec((8, 128), lambda i, s: (i, 0))],
                                  out_specs=pl.BlockSpec((8, 128), lambda i, s: (i, 0)))
pl.pallas_call(k, out_shape=out, grid_spec=gs)(jnp.array([1, 2], jnp.int32), x)
""",
        False,
        False,
    ),
    (  # the value of an augmented store is analysed: its dot's tiles disagree
        "dot-general-contracting-dims-mismatch",
        """
w = jnp.ones((256, 128), jnp.float32)
def k(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.dot(x_ref[...], w_ref[...])
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32), interpret=True)(x, w)
""",
        True,
        True,
    ),
    (
        "dot-general-contracting-dims-mismatch",
        """
w = jnp.ones((128, 128), jnp.float32)
def k(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.dot(x_ref[...], w_ref[...])
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32), interpret=True)(x, w)
""",
        False,
        True,
    ),
]


@pytest.mark.parametrize(("code", "body", "found", "on_cpu"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, body: str, found: bool, on_cpu: bool
) -> None:
    assert (code in _codes(body)) is found


@pytest.mark.jax
def test_the_cpu_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """The cases interpret mode decides (Python-level errors, the dot of tiles) are what the
    pinned JAX does; the TPU cases are labelled by the corpus's and the records' TPU runs."""
    assert_cpu_labels_hold("pallas_s36", HEAD, CASES)
