# corpus: label=positive styles=transform batch=pallas
"""A batched kernel with a 3-D grid under jax.jit; the output index_map forgot the batch axis."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def batched_copy(x):
    b, m, n = x.shape
    return pl.pallas_call(  # expect: pallas-function-arity
        copy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(b, m // 8, n // 128),
        in_specs=[pl.BlockSpec((None, 8, 128), lambda b, i, j: (b, i, j))],
        out_specs=pl.BlockSpec((None, 8, 128), lambda i, j: (0, i, j)),
        interpret=True,
    )(x)


print(jax.jit(batched_copy)(jnp.ones((2, 16, 128), jnp.float32)).shape)
