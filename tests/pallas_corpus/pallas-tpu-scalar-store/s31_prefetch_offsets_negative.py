# corpus: label=negative styles=helper,attribute batch=s31
"""Scalar prefetch picks each step's row block from an SMEM table of offsets (a gather)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def gather_kernel(idx_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def gather_rows(idx, x):
    spec_in = pl.BlockSpec((8, 128), lambda i, idx_ref: (idx_ref[i], 0))
    spec_out = pl.BlockSpec((8, 128), lambda i, idx_ref: (i, 0))
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1, grid=(idx.shape[0],), in_specs=[spec_in], out_specs=spec_out
    )
    return pl.pallas_call(
        gather_kernel,
        out_shape=jax.ShapeDtypeStruct((idx.shape[0] * 8, 128), x.dtype),
        grid_spec=grid_spec,
        interpret=True,
    )(idx, x)


print(gather_rows(jnp.array([1, 0, 1], jnp.int32), jnp.ones((16, 128), jnp.float32)).sum())
