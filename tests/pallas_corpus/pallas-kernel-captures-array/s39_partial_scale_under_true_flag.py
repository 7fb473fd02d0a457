# corpus: label=positive styles=parameter,transform batch=s39
"""The jitted launcher binds its traced `scale` with functools.partial and the kernel reads it
under a flag that is set: the kernel captures the tracer."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

SCALED = True


def kernel_func(x_ref, o_ref, scale):
    if SCALED:
        o_ref[...] = x_ref[...] * scale  # expect: pallas-kernel-captures-array
    else:
        o_ref[...] = x_ref[...]


@jax.jit
def f(x, scale):
    kernel = functools.partial(kernel_func, scale=scale)
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(
        x
    )


print(f(jnp.ones((8, 128), jnp.float32), 1.5).sum())
