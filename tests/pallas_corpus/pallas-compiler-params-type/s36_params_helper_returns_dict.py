# corpus: label=positive styles=helper batch=s36
"""A helper returns the compiler params as a dict keyed by backend (the spelling of older
TPU tutorials), passed to a `functools.partial(pl.pallas_call, ...)` decorator."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _params():
    return {"mosaic": {"dimension_semantics": ("parallel",)}}  # expect: pallas-compiler-params-type


def rmsnorm_kernel(x_ref, o_ref):
    x = x_ref[...]
    ms = jnp.mean(x * x, axis=-1, keepdims=True)
    o_ref[...] = x * jax.lax.rsqrt(ms + 1e-6)


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((64, 256), jnp.float32),
    grid=(8,),
    in_specs=[pl.BlockSpec((8, 256), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
    compiler_params=_params(),
    interpret=True,
)
def rmsnorm(x_ref, o_ref):
    rmsnorm_kernel(x_ref, o_ref)


print(rmsnorm(jnp.ones((64, 256), jnp.float32)).sum())
