# corpus: label=positive styles=helper,parameter batch=pallas
"""A top-scores kernel sorts each row of its block in a helper it passes the loaded tile to."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def descending(scores, axis):
    return -jnp.sort(-scores, axis=axis)  # expect: pallas-tpu-unimplemented-primitive


def rank_kernel(s_ref, o_ref):
    o_ref[...] = descending(s_ref[...], axis=-1)


scores = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
ranked = pl.pallas_call(
    rank_kernel,
    out_shape=jax.ShapeDtypeStruct(scores.shape, scores.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    interpret=True,
)(scores)
print(ranked[0, :4])
