# corpus: label=positive styles=parameter batch=s35
"""A scaling kernel multiplies the Ref itself by its scale (a closure over a Python float)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scale_kernel(x_ref, o_ref, *, scale):
    o_ref[...] = x_ref * scale  # expect: pallas-ref-used-as-array


@functools.partial(jax.jit, static_argnames=("scale",))
def scale_rows(x, scale=0.5):
    return pl.pallas_call(
        functools.partial(scale_kernel, scale=scale),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


print(scale_rows(jnp.ones((16, 128), jnp.float32)).sum())
