"""A helper returns the launched kernel; jax.linearize of it (to reuse the tangent map) fails
like reverse mode: the kernel cannot be linearized."""
# corpus: label=positive styles=return,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _softplus_kernel(x_ref, o_ref):
    o_ref[...] = jnp.log1p(jnp.exp(x_ref[...]))


def make_softplus(shape):
    return pl.pallas_call(
        _softplus_kernel, out_shape=jax.ShapeDtypeStruct(shape, jnp.float32), interpret=True
    )


softplus = make_softplus((8, 128))
x = jnp.zeros((8, 128), jnp.float32)
y, tangent_map = jax.linearize(softplus, x)  # expect: pallas-call-reverse-mode
slopes = [tangent_map(jnp.full_like(x, s)) for s in (0.5, 1.0)]
