# corpus: label=positive styles=direct batch=s37
"""A ragged decode kernel copies only the valid prefix of each sequence's key block, reading a
window `pl.ds(0, length)` whose length comes from a scalar-prefetch Ref: a window's size must
be static."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MAX_LEN = 32
D = 128


def valid_prefix_kernel(lens_ref, k_ref, o_ref):
    b = pl.program_id(0)
    length = lens_ref[b]
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
    o_ref[pl.ds(0, length), :] = k_ref[pl.ds(0, length), :]  # expect: pallas-ds-size-not-static


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
