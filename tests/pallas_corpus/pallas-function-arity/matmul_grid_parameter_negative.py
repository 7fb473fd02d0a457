# corpus: label=negative styles=parameter batch=pallas
"""The blocked matmul with both index_maps over the 2-D grid."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)


@functools.partial(jax.jit, static_argnames=("block_m", "block_n"))
def matmul(x, w, block_m=8, block_n=128):
    m, k = x.shape
    n = w.shape[1]
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // block_m, n // block_n),
        in_specs=[
            pl.BlockSpec((block_m, k), lambda i, j: (i, 0)),
            pl.BlockSpec((k, block_n), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((block_m, block_n), lambda i, j: (i, j)),
        interpret=True,
    )(x, w)


x = jnp.ones((16, 128), jnp.float32)
w = jnp.ones((128, 256), jnp.float32)
print(matmul(x, w).shape)
