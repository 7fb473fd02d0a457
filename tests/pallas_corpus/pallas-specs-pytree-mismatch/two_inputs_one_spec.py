# corpus: label=positive styles=helper batch=pallas
"""A residual add passes two inputs but lists one in_spec."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def residual_kernel(x_ref, r_ref, o_ref):
    o_ref[...] = x_ref[...] + r_ref[...]


def residual(x, r):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
        residual_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x, r)


a = jnp.ones((16, 128), jnp.float32)
print(residual(a, a).sum())
