# corpus: label=negative styles=return batch=s39
"""A kernel factory reads a closed-over bias only when `use_bias` is set; the launch builds it
with `use_bias=False`, so the read never traces."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

bias = jnp.ones((8, 128), jnp.float32)


def make_kernel(use_bias: bool):
    def kernel(x_ref, o_ref):
        if use_bias:
            o_ref[...] = x_ref[...] + bias
        else:
            o_ref[...] = x_ref[...] * 2.0

    return kernel


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    make_kernel(use_bias=False), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out.sum())
