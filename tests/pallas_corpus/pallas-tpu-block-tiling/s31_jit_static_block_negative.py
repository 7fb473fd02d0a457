# corpus: label=negative styles=transform,parameter batch=s31
"""A jitted launcher takes its block size as a static argument; the call passes 64 rows."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def relu_kernel(x_ref, o_ref):
    o_ref[...] = jnp.maximum(x_ref[...], 0.0)


@functools.partial(jax.jit, static_argnames=("block_rows",))
def relu(x, block_rows=256):
    rows = pl.BlockSpec((block_rows, 128), lambda i: (i, 0))
    return pl.pallas_call(
        relu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // block_rows,),
        in_specs=[rows],
        out_specs=rows,
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(relu(jnp.ones((256, 128), jnp.float32), block_rows=64).sum())
