# corpus: label=negative styles=transform batch=pallas
"""The batched kernel with every index_map over the 3-D grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def batched_copy(x):
    b, m, n = x.shape
    return pl.pallas_call(
        copy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(b, m // 8, n // 128),
        in_specs=[pl.BlockSpec((None, 8, 128), lambda b, i, j: (b, i, j))],
        out_specs=pl.BlockSpec((None, 8, 128), lambda b, i, j: (b, i, j)),
        interpret=True,
    )(x)


print(jax.jit(batched_copy)(jnp.ones((2, 16, 128), jnp.float32)).shape)
