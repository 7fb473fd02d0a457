# corpus: label=positive styles=direct batch=s35
"""A row softmax kernel passes its input Ref to jnp.exp and jnp.max, forgetting `[...]`
(the mistake of jax#33260's kernel, where a Ref reached a primitive)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def softmax_kernel(x_ref, o_ref):
    m = jnp.max(x_ref[...], axis=-1, keepdims=True)
    e = jnp.exp(x_ref - m)  # expect: pallas-ref-used-as-array
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
