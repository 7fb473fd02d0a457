# corpus: label=positive styles=parameter,helper batch=pallas
"""A blocked kernel whose reshape target comes in as a parameter: (8, 128) blocks viewed as
(16, 64)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def view_kernel(x_ref, o_ref, *, shape):
    o_ref[...] = x_ref[...].reshape(shape)  # expect: pallas-tpu-tile-reshape


def view(x, shape=(16, 64)):
    return pl.pallas_call(
        functools.partial(view_kernel, shape=shape),
        out_shape=jax.ShapeDtypeStruct((2 * shape[0], shape[1]), x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec(shape, lambda i: (i, 0)),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x)


print(view(jnp.ones((16, 128), jnp.float32)).sum())
