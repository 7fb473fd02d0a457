# corpus: label=negative styles=direct batch=s35
"""SMEM coefficients read one scalar at a time, broadcast over a VMEM tile."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(c_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * c_ref[0] + c_ref[1]


c = jnp.array([2.0, 1.0], jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.VMEM)],
    interpret=True,
)(c, x)
print(out.sum())
