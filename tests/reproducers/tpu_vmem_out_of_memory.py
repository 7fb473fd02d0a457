"""A Pallas TPU kernel whose blocks (three 2048 x 4096 float32 operands, double-buffered) need
far more VMEM than a kernel may use: compilation fails with a VMEM out-of-memory error.

Needs a TPU; written from jax-ml/jax#38988 and vllm-project/tpu-inference#3407; not run here
(the TPU machine was held by another engineer this stop).
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


block = pl.BlockSpec((2048, 4096), lambda i: (i, 0))
x = jnp.ones((8192, 4096), jnp.float32)
pl.pallas_call(
    add,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[block, block],
    out_specs=block,
)(x, x).block_until_ready()
