# realbug: jax-19275-out-specs-list-single-out-shape
# source: https://github.com/jax-ml/jax/pull/19275
# kind: pallas-specs-structure
# raises: ValueError: .*out_specs
# The quickstart's matmul-with-activation example as the pull request found it: out_specs a
# one-element list, out_shape a single ShapeDtypeStruct (BlockSpec arguments in 0.12's order).
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, y_ref, z_ref, *, activation):
    z_ref[...] = activation(x_ref[...] @ y_ref[...])


def matmul(x, y, *, activation):
    return pl.pallas_call(  # BUG
        partial(matmul_kernel, activation=activation),
        out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
        grid=(2, 2),
        in_specs=[
            pl.BlockSpec((x.shape[0] // 2, x.shape[1]), lambda i, j: (i, 0)),
            pl.BlockSpec((y.shape[0], y.shape[1] // 2), lambda i, j: (0, j)),
        ],
        out_specs=[pl.BlockSpec((x.shape[0] // 2, y.shape[1] // 2), lambda i, j: (i, j))],
        interpret=True,
    )(x, y)


k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (1024, 1024))
y = jax.random.normal(k2, (1024, 1024))
z = matmul(x, y, activation=jax.nn.relu)
