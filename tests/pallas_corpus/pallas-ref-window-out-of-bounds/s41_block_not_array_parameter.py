# corpus: label=positive styles=parameter batch=s41
"""The window is sized for the whole array, but the kernel's Ref is one (8, 128) block of it:
`pl.ds(0, rows)` with `rows` the array's 16 runs past the block's 8."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_kernel(rows):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[pl.ds(0, rows), :][:8] * 2.0  # expect: pallas-ref-window-out-of-bounds

    return kernel


def double(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        make_kernel(x.shape[0]),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(pl.cdiv(x.shape[0], 8),),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(double(jnp.ones((16, 128), jnp.float32)).sum())
