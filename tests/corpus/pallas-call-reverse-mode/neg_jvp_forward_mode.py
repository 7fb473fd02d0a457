"""The same loss differentiated in forward mode (jax.jvp): pallas_call's JVP rule runs."""
# corpus: label=negative styles=direct,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def square_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * x_ref[...]


def loss(x):
    y = pl.pallas_call(
        square_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x)
    return y.sum()


x = jnp.ones((8, 128), jnp.float32)
value, slope = jax.jvp(loss, (x,), (jnp.ones_like(x),))
