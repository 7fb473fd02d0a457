# corpus: label=positive styles=helper,return batch=s31
"""The kernel hands its work to a helper and returns what the helper returns: the stored tile."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _gelu_tile(x_ref, o_ref):
    y = jax.nn.gelu(x_ref[...])
    o_ref[...] = y
    return y


def gelu_kernel(x_ref, o_ref):
    return _gelu_tile(x_ref, o_ref)  # expect: pallas-kernel-returns-value


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(gelu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    ).sum()
)
