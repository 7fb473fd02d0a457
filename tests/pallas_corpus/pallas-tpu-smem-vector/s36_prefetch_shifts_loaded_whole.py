# corpus: label=positive styles=direct batch=s36
"""A kernel loads its whole scalar-prefetch array (in SMEM) and picks its entry from the
loaded vector."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def shift_kernel(shifts_ref, x_ref, o_ref):
    i = pl.program_id(0)
    shifts = shifts_ref[...]  # expect: pallas-tpu-smem-vector
    shift = shifts[i]
    o_ref[...] = x_ref[...] + shift.astype(jnp.float32)


def shift_rows(x, shifts):
    spec = pl.BlockSpec((8, 128), lambda i, s: (i, 0))
    grid_spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1, grid=(x.shape[0] // 8,), in_specs=[spec], out_specs=spec
    )
    return pl.pallas_call(
        shift_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=grid_spec,
        interpret=True,
    )(shifts, x)


x = jnp.zeros((32, 128), jnp.float32)
shifts = jnp.array([1, 2, 3, 4], jnp.int32)
print(shift_rows(x, shifts).sum())
