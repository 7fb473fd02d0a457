# realbug: jax-20154-triton-non-power-of-two-rows (fixed)
# source: https://github.com/jax-ml/jax/issues/20154
# The fix: power-of-two rows, and the result written to the output Ref.
from functools import partial

import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp


def kernel(x_ref, O_ref, b):
    i = pl.program_id(0)
    t, d = x_ref.shape
    y = x_ref[pl.ds(start=i * b, size=b)]
    z = jnp.ones((b, d), dtype=x_ref.dtype)
    acc = jnp.zeros((b, d), dtype=x_ref.dtype)
    for j in range(2):
        x = x_ref[pl.ds(start=j * b, size=b)]
        B = x @ y.T
        acc += B @ z
    O_ref[pl.ds(start=i * b, size=b)] = acc


def call_kernel():
    t, d = 128, 16
    b = 32
    grid = (t // b,)
    x = jnp.zeros((t, d), dtype=jnp.float32)
    out = pl.pallas_call(
        partial(kernel, b=b),
        grid=grid,
        out_shape=jax.ShapeDtypeStruct((t, d), jnp.float32),
    )(x)


call_kernel()
