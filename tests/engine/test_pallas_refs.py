"""A grid kernel's Refs typed from its BlockSpecs and arrays: the shapes the kernel body sees,
the findings the Pallas rules make with them, and silence wherever a part is unknown."""

from __future__ import annotations

from jaxlsp.engine import Engine
from jaxlsp.findings import Position

ENGINE = Engine()

HEAD = """import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((2, 16, 128), jnp.float32)
"""


def _codes(body: str) -> list[str]:
    return [finding.code for finding in ENGINE.analyze(HEAD + body).findings]


def test_a_squeezed_block_dimension_is_dropped_from_the_ref() -> None:
    good = """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
               in_specs=[spec], out_specs=spec, interpret=True)(x)
"""
    assert "pallas-store-shape-mismatch" not in _codes(good)
    bad = good.replace("x_ref[...] * 2.0", "x_ref[0] * 2.0")
    assert _codes(bad).count("pallas-store-shape-mismatch") == 1


def test_a_block_shape_the_analysis_does_not_know_types_no_ref() -> None:
    body = """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[:4]

def run(rows):
    spec = pl.BlockSpec((None, rows, 128), lambda b, i: (b, i, 0))
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
                          in_specs=[spec], out_specs=spec, interpret=True)(x)
"""
    assert "pallas-store-shape-mismatch" not in _codes(body)


def test_specs_that_do_not_pair_with_the_arrays_type_no_ref() -> None:
    body = """
def k(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[0]

spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
               in_specs=[spec], out_specs=spec, interpret=True)(x, x)
"""
    codes = _codes(body)
    assert "pallas-specs-pytree-mismatch" in codes
    assert "pallas-store-shape-mismatch" not in codes


def test_a_scratch_buffer_ref_has_its_declared_shape() -> None:
    body = """
def k(x_ref, o_ref, acc_ref):
    acc_ref[...] = jnp.zeros((8, 128), jnp.float32)
    acc_ref[0, 0] = jnp.sum(x_ref[...])
    o_ref[...] = acc_ref[...]

spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
               in_specs=[spec], out_specs=spec,
               scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)], interpret=True)(x)
"""
    assert _codes(body) == ["pallas-tpu-scalar-store"]
    smem = body.replace("pltpu.VMEM((8, 128)", "pltpu.SMEM((8, 128)")
    assert "pallas-tpu-scalar-store" not in _codes(smem)


def test_an_unknown_memory_space_is_not_taken_for_vmem() -> None:
    body = """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = pl.program_id(0)

def run(space):
    spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i, 0), memory_space=space)
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
                          in_specs=[spec], out_specs=spec, interpret=True)(x)
"""
    assert "pallas-tpu-scalar-store" not in _codes(body)


def test_an_index_map_the_evaluator_cannot_read_is_silent() -> None:
    body = """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def run(offset):
    spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i + offset, 0))
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
                          in_specs=[spec], out_specs=spec, interpret=True)(x)
"""
    assert "pallas-tpu-grid-out-of-bounds" not in _codes(body)
    shifted = body.replace("i + offset", "i + 1")
    assert "pallas-tpu-grid-out-of-bounds" in _codes(shifted)


def test_the_loaded_tile_shows_its_block_shape_and_the_launch_hover_lists_the_store() -> None:
    source = (
        HEAD
        + """
def k(x_ref, o_ref):
    tile = x_ref[...]
    o_ref[...] = jnp.sum(tile, axis=1)

spec = pl.BlockSpec((None, 8, 128), lambda b, i: (b, i, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2, 2),
               in_specs=[spec], out_specs=spec, interpret=True)(x)
"""
    )
    analysis = ENGINE.analyze(source)
    lines = source.split("\n")
    tile_line = next(i for i, text in enumerate(lines) if "tile = x_ref" in text)
    hover = ENGINE.hover(analysis, Position(tile_line, lines[tile_line].index("tile") + 1))
    assert hover is not None and "float32[8,128]" in hover.markdown
    call_line = next(i for i, text in enumerate(lines) if text.startswith("pl.pallas_call"))
    hover = ENGINE.hover(analysis, Position(call_line, lines[call_line].index("pallas_call") + 2))
    assert hover is not None
    assert "`pallas-store-shape-mismatch` (error)" in hover.markdown


def test_program_id_in_a_body_run_by_emit_pipeline_asks_for_the_pipelines_grid() -> None:
    # the pattern of a TPU pipeline inside a grid-less kernel (it runs on a TPU: JAX's own
    # pipeline tests); the outer pallas_call has no grid, the pipeline has one
    body = """
def outer(x_hbm, o_hbm):
    @functools.partial(pltpu.emit_pipeline, grid=(2,),
                       in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
                       out_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))])
    def inner(x_ref, o_ref):
        o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)

    inner(x_hbm, o_hbm)

y = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(outer, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
               in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               out_specs=pl.BlockSpec(memory_space=pl.ANY))(y)
"""
    assert "pallas-program-id-axis" not in _codes(body)
    direct = """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)

y = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), interpret=True)(y)
"""
    assert "pallas-program-id-axis" in _codes(direct)


def test_a_mesh_kernel_may_close_over_a_scalar_but_not_over_an_array() -> None:
    body = """
mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)

@jax.jit
def f(y, start):
    block = jnp.zeros((8, 128), jnp.float32)

    @pl.kernel(out_type=jax.ShapeDtypeStruct((8, 128), y.dtype), mesh=mesh)
    def kernel(y_hbm, o_hbm):
        pltpu.sync_copy(y_hbm.at[pl.ds(start, 8)], o_hbm)

    return kernel(y)

f(jnp.ones((16, 128), jnp.float32), jnp.int32(8))
"""
    assert "pallas-kernel-captures-array" not in _codes(body)
    captured = body.replace(
        "pltpu.sync_copy(y_hbm.at[pl.ds(start, 8)], o_hbm)", "o_hbm[...] = block"
    )
    assert "pallas-kernel-captures-array" in _codes(captured)


def test_a_module_importing_pallas_tpu_and_a_gpu_backend_says_neither_for_a_launch() -> None:
    kernel = """
def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

def run(x):
    spec = pl.BlockSpec((4, 128), lambda i: (i, 0))
    return pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          grid=(4,), in_specs=[spec], out_specs=spec, interpret=True)(x)

run(jnp.ones((16, 128), jnp.float32))
"""
    assert "pallas-tpu-block-tiling" in _codes(kernel)
    both = "from jax.experimental.pallas import triton as plgpu\n" + kernel
    assert "pallas-tpu-block-tiling" not in _codes(both)


def test_a_constant_pl_ds_window_has_its_size_and_one_past_the_end_has_no_shape() -> None:
    window = """
def k(x_ref, o_ref):
    o_ref[pl.ds(0, 8), :] = x_ref[pl.ds(8, 8), :].sum(axis=1, keepdims=True)

spec = pl.BlockSpec((None, 16, 128), lambda b: (b, 0, 0))
out = pl.BlockSpec((None, 16, 1), lambda b: (b, 0, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((2, 16, 1), x.dtype), grid=(2,),
               in_specs=[spec], out_specs=out, interpret=True)(x)
"""
    assert "pallas-store-shape-mismatch" not in _codes(window)
    reduced = window.replace("sum(axis=1, keepdims=True)", "sum(axis=1)")
    assert _codes(reduced).count("pallas-store-shape-mismatch") == 1
    # pl.ds does not clamp: a window past the end raises 'Out of bound slice', not a
    # shape mismatch, so no shape is claimed for it
    past_end = reduced.replace("o_ref[pl.ds(0, 8), :]", "o_ref[pl.ds(12, 8), :]")
    assert "pallas-store-shape-mismatch" not in _codes(past_end)
    # a traced start of a constant size: the window's shape is known (where it lies is not),
    # and JAX checks the store's shape when it traces the kernel: ValueError "Invalid shape
    # for `swap`" on jax 0.12.0.1 (CPU, interpret mode), as for the constant window
    traced = reduced.replace("pl.ds(0, 8)", "pl.ds(pl.program_id(0) * 8, 8)")
    assert _codes(traced).count("pallas-store-shape-mismatch") == 1
    kept = window.replace("pl.ds(0, 8)", "pl.ds(pl.program_id(0) * 8, 8)")
    assert "pallas-store-shape-mismatch" not in _codes(kept)
    # a traced size: nothing is known of the window
    sized = reduced.replace("pl.ds(0, 8)", "pl.ds(0, pl.program_id(0) + 8)")
    assert "pallas-store-shape-mismatch" not in _codes(sized)


def test_scratch_buffers_are_not_held_to_the_scoped_vmem_limit() -> None:
    # measured on a TPU v5e (tests/pallas_corpus/labels/_probe_vmem_scratch.py): a 64 MiB
    # VMEM scratch buffer beside small blocks compiles; blocks over the limit do not
    scratch = """
def k(x_ref, o_ref, acc_ref):
    acc_ref[0:8, 0:128] = x_ref[...]
    o_ref[...] = acc_ref[0:8, 0:128]

y = jnp.ones((8, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (0, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec,
               scratch_shapes=[pltpu.VMEM((4096, 4096), jnp.float32)], interpret=True)(y)
"""
    assert "tpu-vmem-out-of-memory" not in _codes(scratch)
    blocks = """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

big = jnp.ones((8192, 2048), jnp.float32)
spec = pl.BlockSpec((4096, 2048), lambda i: (i, 0))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(big.shape, big.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec, interpret=True)(big)
"""
    assert _codes(blocks).count("tpu-vmem-out-of-memory") == 1


X64_HEAD = """import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1

"""
X64_LAUNCH = """
out = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                     compiler_params=pltpu.CompilerParams(), interpret=True)(x)
"""


def _x64_codes(made: str, head: str = X64_HEAD) -> list[str]:
    return [f.code for f in ENGINE.analyze(head + made + X64_LAUNCH).findings]


def test_a_64_bit_operand_is_seen_only_when_the_module_switches_x64_on_first() -> None:
    # each measured on a TPU v5e (tests/pallas_corpus/pallas-tpu-dtype, labels)
    assert "pallas-tpu-dtype" in _x64_codes("x = jnp.ones((8, 128), jnp.float64)\n")
    reshaped = "x = jnp.arange(1024, dtype=jnp.int64).reshape(8, 128)\n"
    assert "pallas-tpu-dtype" in _x64_codes(reshaped)
    # 32-bit by name; 64-bit only by default (not seen); the mode switched off again
    assert "pallas-tpu-dtype" not in _x64_codes("x = jnp.ones((8, 128), jnp.float32)\n")
    assert "pallas-tpu-dtype" not in _x64_codes("x = jnp.ones((8, 128))\n")
    off = 'jax.config.update("jax_enable_x64", False)\nx = jnp.ones((8, 128), jnp.float64)\n'
    assert "pallas-tpu-dtype" not in _x64_codes(off)
    # switched on after other code ran: not read (the rule stays silent, by design)
    late = X64_HEAD.replace("import jax\n", "import jax\n\nprint(1)\n", 1)
    assert "pallas-tpu-dtype" not in _x64_codes("x = jnp.ones((8, 128), jnp.float64)\n", late)
