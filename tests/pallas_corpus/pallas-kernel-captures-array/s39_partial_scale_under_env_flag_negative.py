# corpus: label=negative styles=parameter,transform batch=s39
"""A jitted launcher binds its traced `scale` with functools.partial, but the kernel reads it
only under an environment flag that is off when it runs: the read never traces."""

import functools
import os

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

SCALED = os.environ.get("KERNEL_SCALED", "0") == "1"


def kernel_func(x_ref, o_ref, scale):
    if SCALED:
        o_ref[...] = x_ref[...] * scale
    else:
        o_ref[...] = x_ref[...]


@jax.jit
def f(x, scale):
    kernel = functools.partial(kernel_func, scale=scale)
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(f(jnp.ones((8, 128), jnp.float32), 1.5).sum())
