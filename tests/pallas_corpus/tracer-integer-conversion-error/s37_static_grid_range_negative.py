# corpus: label=negative styles=helper batch=s37
"""A blocked prefix-scale kernel unrolls a Python loop over `pl.num_programs(0)`: with a static
grid that count is a Python int, so `range` takes it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 8


def steps_of_grid():
    return pl.num_programs(0)


def prefix_scale_kernel(x_ref, o_ref):
    x = x_ref[...]
    scale = jnp.ones_like(x)
    for _ in range(steps_of_grid()):
        scale = scale * 0.5
    o_ref[...] = x * scale


def prefix_scale(x):
    rows, cols = x.shape
    spec = pl.BlockSpec((BLOCK, cols), lambda i: (i, 0))
    return pl.pallas_call(
        prefix_scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // BLOCK,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(prefix_scale(jnp.ones((32, 128), jnp.float32)).sum())
