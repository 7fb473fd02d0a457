# corpus: label=negative styles=transform batch=pallas
"""program_id used inside the kernel under jax.jit, and the grid index read from the
index_map's arguments."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)


@jax.jit
def add_block_index(x):
    return pl.pallas_call(
        add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        interpret=True,
    )(x)


print(add_block_index(jnp.ones((16, 128), jnp.float32))[:, 0])
