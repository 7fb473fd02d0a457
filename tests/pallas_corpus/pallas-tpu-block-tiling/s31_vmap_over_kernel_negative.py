# corpus: label=negative styles=transform batch=s31
"""A TPU kernel over (8, 128) tiles, vmapped over a batch of 4 (vmap adds a leading grid axis)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def square_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * x_ref[...]


def square(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        square_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(jax.vmap(square)(jnp.ones((4, 16, 128), jnp.float32)).sum())
