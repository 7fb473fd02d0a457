# corpus: label=positive styles=direct batch=s35
"""A (8, 128) table in SMEM read whole as a vector."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(t_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * t_ref[...]  # expect: pallas-tpu-smem-vector


t = jnp.full((8, 128), 2.0, jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.VMEM)],
    interpret=True,
)(t, x)
print(out.sum())
