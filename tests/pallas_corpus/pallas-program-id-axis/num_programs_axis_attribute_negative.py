# corpus: label=negative styles=attribute batch=pallas
"""The config names axis 1 of the two-axis grid."""

import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


@dataclasses.dataclass
class ReduceConfig:
    block: int = 8
    reduce_axis: int = 1


CFG = ReduceConfig()


def row_sum_kernel(x_ref, o_ref):
    steps = pl.num_programs(CFG.reduce_axis)
    o_ref[...] = x_ref[...] / steps


x = jnp.ones((16, 256), jnp.float32)
out = pl.pallas_call(
    row_sum_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((CFG.block, 128), lambda i, k: (i, k))],
    out_specs=pl.BlockSpec((CFG.block, 128), lambda i, k: (i, k)),
    interpret=True,
)(x)
print(out.sum())
