# corpus: label=positive styles=direct batch=s37
"""A ragged row-sum over padded sequences, lengths given by scalar prefetch (the layout of the
ragged paged-attention kernels): the kernel loops with Python's `range` over a length read from
SMEM, which is traced."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MAX_LEN = 16
D = 128


def ragged_sum_kernel(lens_ref, x_ref, o_ref):
    b = pl.program_id(0)
    acc = jnp.zeros((1, D), jnp.float32)
    for t in range(lens_ref[b]):  # expect: tracer-integer-conversion-error
        acc = acc + x_ref[pl.ds(t, 1), :]
    o_ref[...] = acc


def ragged_sum(lens, x):
    batch = x.shape[0]
    return pl.pallas_call(
        ragged_sum_kernel,
        out_shape=jax.ShapeDtypeStruct((batch, 1, D), jnp.float32),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(batch,),
            in_specs=[pl.BlockSpec((None, MAX_LEN, D), lambda b, lens: (b, 0, 0))],
            out_specs=pl.BlockSpec((None, 1, D), lambda b, lens: (b, 0, 0)),
        ),
        interpret=True,
    )(lens, x)


lens = jnp.array([3, 16, 7, 1], jnp.int32)
x = jnp.ones((4, MAX_LEN, D), jnp.float32)
print(ragged_sum(lens, x).sum())
