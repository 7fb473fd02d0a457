# corpus: label=negative styles=attribute,method batch=pallas
"""The wrapper puts its scratch buffers in the PrefetchScalarGridSpec only."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def gather_kernel(idx_ref, x_ref, o_ref, buf_ref):
    buf_ref[...] = x_ref[...]
    o_ref[...] = buf_ref[...]


class RowGather:
    def __init__(self, rows):
        self.grid_spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(rows // 8,),
            in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[i], 0))],
            out_specs=pl.BlockSpec((8, 128), lambda i, idx: (i, 0)),
            scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
        )

    def apply(self, idx, x):
        return pl.pallas_call(
            gather_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid_spec=self.grid_spec,
            interpret=True,
        )(idx, x)


print(RowGather(16).apply(jnp.array([1, 0], jnp.int32), jnp.ones((16, 128), jnp.float32)).sum())
