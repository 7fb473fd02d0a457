# corpus: label=negative styles=direct batch=s37
"""A ragged decode kernel keeps the valid prefix of each sequence's key block with an iota mask
against the length read from scalar prefetch (the window stays static)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MAX_LEN = 32
D = 128


def valid_prefix_kernel(lens_ref, k_ref, o_ref):
    b = pl.program_id(0)
    length = lens_ref[b]
    rows = lax.broadcasted_iota(jnp.int32, (MAX_LEN, D), 0)
    o_ref[...] = jnp.where(rows < length, k_ref[...], 0.0)


def valid_prefix(lens, k):
    batch = k.shape[0]
    spec = pl.BlockSpec((None, MAX_LEN, D), lambda b, lens: (b, 0, 0))
    return pl.pallas_call(
        valid_prefix_kernel,
        out_shape=jax.ShapeDtypeStruct(k.shape, k.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(batch,), in_specs=[spec], out_specs=spec
        ),
        interpret=True,
    )(lens, k)


lens = jnp.array([5, 32, 17], jnp.int32)
k = jnp.ones((3, MAX_LEN, D), jnp.float32)
print(valid_prefix(lens, k).sum())
