# corpus: label=positive styles=attribute,method batch=pallas
"""A head-splitting class views its (16, 128) tile as 64-lane rows, (32, 64), in the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class SplitHeads:
    def __init__(self, head_dim=64):
        self.head_dim = head_dim

    def kernel(self, x_ref, o_ref):
        tile = x_ref[...]
        o_ref[...] = tile.reshape(-1, self.head_dim)  # expect: pallas-tpu-tile-reshape

    def __call__(self, x):
        rows = x.shape[0] * x.shape[1] // self.head_dim
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((rows, self.head_dim), x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
            interpret=True,
        )(x)


print(SplitHeads()(jnp.ones((16, 128), jnp.float32)).sum())
