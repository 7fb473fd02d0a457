# corpus: label=positive styles=helper,return batch=s36
"""A helper declares the accumulator scratch buffer from its shape alone."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def accumulator(bm, bn):
    return pltpu.VMEM((bm, bn))  # expect: pallas-scratch-shapes-dtype


def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...] * 2.0
    o_ref[...] = acc_ref[...]


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    scratch_shapes=[accumulator(16, 128)],
    interpret=True,
)(x)
print(out.sum())
