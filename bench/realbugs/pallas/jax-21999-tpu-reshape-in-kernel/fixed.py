# realbug: jax-21999-tpu-reshape-in-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/21999
# The fix: reshape outside the kernel, which gets the (121, 128) array.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


@jax.jit
def neigh_attn_pall_2d_batched_single_head(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((121, 128), jnp.float32),
    )(x.reshape(121, 128))


x = jnp.ones((11, 11, 128), jnp.float32)
neigh_attn_pall_2d_batched_single_head(x)
