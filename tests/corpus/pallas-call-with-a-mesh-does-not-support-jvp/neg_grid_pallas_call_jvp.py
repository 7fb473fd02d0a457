"""A grid `pl.pallas_call` (no mesh) has a JVP rule: jax.jvp of it runs."""
# corpus: label=negative styles=direct,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _square_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * x_ref[...]


square = pl.pallas_call(
    _square_body, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True
)
x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.jvp(square, (x,), (jnp.ones_like(x),)))
