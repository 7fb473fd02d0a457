# corpus: rule=pallas-tpu-block-tiling label=positive styles=module,attribute batch=pallas
"""A TPU kernel takes its tile from another module: 100 lanes of a 200-lane array."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from ops.tiles import tile_spec


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones((32, 200), jnp.float32)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 2),
    in_specs=[tile_spec()],
    out_specs=tile_spec(),
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel")),
    interpret=True,
)(x)
print(out.sum())
