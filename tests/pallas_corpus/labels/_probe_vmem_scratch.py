"""Does a VMEM scratch buffer count against the scoped VMEM limit? Seven launches with small
(8, 128) blocks and one square float32 scratch buffer, on a grid of none, one or two steps;
each variant's outcome is a ``probe/vmem_scratch.py:<variant>`` entry of the TPU labels (run on
a TPU v5e, jax 0.10.2). Only the 128 MiB buffer failed, and with the chip's VMEM size."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def copy_through_scratch(x_ref, o_ref, acc_ref):
    acc_ref[0:8, 0:128] = x_ref[...]
    o_ref[...] = acc_ref[0:8, 0:128]


def run(name, grid, side):
    x = jnp.ones((8, 128), jnp.float32)
    options = {}
    if grid:
        spec = pl.BlockSpec((8, 128), lambda *_: (0, 0))
        options = dict(grid=grid, in_specs=[spec], out_specs=spec)
    try:
        out = pl.pallas_call(
            copy_through_scratch,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            scratch_shapes=[pltpu.VMEM((side, side), jnp.float32)],
            **options,
        )(x)
        out.block_until_ready()
        print(name, "ok")
    except Exception as error:
        print(name, type(error).__name__, str(error).splitlines()[0][:120])


run("nogrid-64MiB", None, 4096)
run("grid1-64MiB", (1,), 4096)
run("grid2-64MiB", (2,), 4096)
run("grid2-16MiB", (2,), 2048)
run("nogrid-16MiB", None, 2048)
run("grid2-8MiB", (2,), 1448)
run("nogrid-128MiB", None, 5800)
