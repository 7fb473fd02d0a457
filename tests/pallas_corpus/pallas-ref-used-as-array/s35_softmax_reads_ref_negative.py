# corpus: label=negative styles=direct batch=s35
"""The fixed softmax kernel: every jnp call gets a loaded value (`x_ref[...]`)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def softmax_kernel(x_ref, o_ref):
    x = x_ref[...]
    e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))
    o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)


def softmax(x):
    spec = pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(
        softmax_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(softmax(jnp.ones((32, 128), jnp.float32)).sum())
