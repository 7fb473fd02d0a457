# corpus: label=negative styles=attribute,helper batch=c
"""The factory builds a grid pallas_call (no mesh), and jax.jvp of it runs."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_scale_kernel(factor, size):
    def body(x_ref, o_ref):
        o_ref[...] = x_ref[...] * factor

    return pl.pallas_call(
        body, out_shape=jax.ShapeDtypeStruct((size,), jnp.float32), interpret=True
    )


scale3 = make_scale_kernel(3.0, 8)
x = jnp.ones(8, jnp.float32)
print(jax.jvp(scale3, (x,), (x,)))
