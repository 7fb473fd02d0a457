# corpus: label=negative styles=attribute,parameter batch=s31
"""Tile sizes come from a frozen dataclass config whose lane block is 128."""

import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@dataclasses.dataclass(frozen=True)
class TileConfig:
    block_rows: int = 8
    block_cols: int = 128


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 3.0


def scale(x, config=TileConfig()):
    spec = pl.BlockSpec((config.block_rows, config.block_cols), lambda i, j: (i, j))
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // config.block_rows, x.shape[1] // config.block_cols),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel")),
        interpret=True,
    )(x)


print(scale(jnp.ones((16, 256), jnp.float32)).sum())
