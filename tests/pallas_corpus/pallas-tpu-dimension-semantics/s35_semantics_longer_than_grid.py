# corpus: label=positive styles=direct batch=s35
"""A 1-D grid launched with two dimension semantics (copied from a 2-D kernel)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((64, 128), jnp.float32)
spec = pl.BlockSpec((16, 128), lambda i: (i, 0))
sem = ("parallel", "arbitrary")
params = pltpu.CompilerParams(dimension_semantics=sem)  # expect: pallas-tpu-dimension-semantics
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=params,
    interpret=True,
)(x)
print(out.sum())
