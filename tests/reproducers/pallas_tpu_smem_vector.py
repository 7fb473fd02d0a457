"""Raises ValueError on a TPU: a kernel reads a whole SMEM Ref as a vector (interpret mode runs it).
The kernel of the corpus program pallas-tpu-smem-vector/s35_smem_table_read_whole.py, which raised
it on a TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(t_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * t_ref[...]


t = jnp.full((8, 128), 2.0, jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.VMEM)],
)(t, x)
print(out.sum())
