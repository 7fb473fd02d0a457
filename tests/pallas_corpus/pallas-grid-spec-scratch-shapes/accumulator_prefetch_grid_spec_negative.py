# corpus: label=negative styles=helper batch=pallas
"""The scratch buffer goes inside the TPU grid spec."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def acc_kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...] * 2.0


def make_grid_spec(rows):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        grid=(rows // 8,),
        in_specs=[spec],
        out_specs=spec,
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
    )


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    acc_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid_spec=make_grid_spec(16),
    interpret=True,
)(x)
print(out.sum())
