# corpus: label=negative styles=helper,parameter,return batch=s35
"""The helper is given one semantics per grid axis."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def params(axes):
    return pltpu.CompilerParams(dimension_semantics=axes)


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 3.0


def run(x, block=16):
    spec = pl.BlockSpec((block, 128), lambda i, j: (i, j))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // block, x.shape[1] // 128),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=params(("parallel", "arbitrary")),
        interpret=True,
    )(x)


print(run(jnp.ones((64, 256), jnp.float32)).sum())
