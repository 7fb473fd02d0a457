# corpus: label=positive styles=transform,parameter batch=pallas
"""A jitted function passes a traced temperature into a kernel closure."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


@jax.jit
def softmax_rows(x, temperature):
    def kernel(x_ref, o_ref):
        v = x_ref[...] / temperature  # expect: pallas-kernel-captures-array
        e = jnp.exp(v - jnp.max(v, axis=-1, keepdims=True))
        o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(softmax_rows(jnp.ones((8, 128), jnp.float32), jnp.float32(2.0)).sum())
