# corpus: label=negative styles=helper,parameter batch=s31
"""A factory sizes a VMEM accumulator from the whole K dimension, 4096 x 4096 float32 (64 MiB),
for a launch without a grid: a TPU v5e compiles and runs it (written as a positive, measured a
negative; the grid kernels' 16 MiB scratch in this folder's positives is refused)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_scratch(rows, cols):
    return [pltpu.VMEM((rows, cols), jnp.float32)]


def copy_kernel(x_ref, o_ref, acc_ref):
    acc_ref[0:8, 0:128] = x_ref[...]
    o_ref[...] = acc_ref[0:8, 0:128]


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    scratch_shapes=make_scratch(4096, 4096),
    interpret=True,
)(x)
print(out.sum())
