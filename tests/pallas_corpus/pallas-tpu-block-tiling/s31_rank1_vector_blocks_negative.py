# corpus: label=negative styles=helper,parameter batch=s31
"""A vector kernel split into rank-1 blocks of 256 elements (the shape of jax#25379's first
attempt), marked for the TPU by its compiler params: 256 is a multiple of 128, and a TPU v5e
runs it (written as a positive, measured a negative)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def round_kernel(x_ref, o_ref):
    o_ref[...] = jnp.round(x_ref[...])


def round_vector(x, block=256):
    spec = pl.BlockSpec((block,), lambda i: (i,))
    return pl.pallas_call(
        round_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(pl.cdiv(x.shape[0], block),),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x)


print(round_vector(jnp.ones((1024,), jnp.float32) * 1.4).sum())
