# corpus: label=negative styles=helper batch=s31
"""A prefix-sum kernel (the shape of jax#19350) walks its rows with lax.fori_loop and pl.ds."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def cumsum_kernel(x_ref, o_ref):
    def body(i, carry):
        carry = carry + x_ref[pl.ds(i, 1), :]
        o_ref[pl.ds(i, 1), :] = carry
        return carry

    jax.lax.fori_loop(0, x_ref.shape[0], body, jnp.zeros((1, x_ref.shape[1]), jnp.float32))


def cumsum(x):
    return pl.pallas_call(
        cumsum_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)


print(cumsum(jnp.ones((8, 128), jnp.float32)).sum())
