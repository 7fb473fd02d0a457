# corpus: label=positive styles=helper batch=pallas
"""A 1-D TPU kernel tiles a vector in blocks of 256 elements of a 1024-element array."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def vec_spec(n):
    return pl.BlockSpec(  # expect: pallas-tpu-block-tiling
        (n,), lambda i: (i,), memory_space=pltpu.VMEM
    )


x = jnp.ones((1000,), jnp.float32)
spec = vec_spec(200)
print(
    pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(5,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x).sum()
)
