# corpus: label=negative styles=direct batch=s35
"""bfloat16 rows tiled 8 at a time: it ran on a TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((64, 128), jnp.bfloat16)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(8,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.astype(jnp.float32).sum())
