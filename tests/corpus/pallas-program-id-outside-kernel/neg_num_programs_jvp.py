"""The kernel scales each block by the grid's size, read with pl.num_programs (a Python int
for a static grid, not a grid query); jax.jvp of the launch runs."""
# corpus: label=negative styles=parameter,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def mean_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] / pl.num_programs(0)


def blockwise_mean(x, block_rows):
    spec = pl.BlockSpec((block_rows, 128), lambda i: (i, 0))
    return pl.pallas_call(
        mean_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // block_rows,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


x = jnp.ones((32, 128), jnp.float32)
out, tangent = jax.jvp(lambda v: blockwise_mean(v, 8), (x,), (x,))
