# corpus: label=negative styles=helper batch=s36
"""The helper returns `pltpu.CompilerParams(...)`."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _params():
    return pltpu.CompilerParams(dimension_semantics=("parallel",))


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
