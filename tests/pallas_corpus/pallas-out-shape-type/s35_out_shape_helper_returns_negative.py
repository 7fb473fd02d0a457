# corpus: label=negative styles=helper,return batch=s35
"""The helper returns a ShapeDtypeStruct."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def output_of(x):
    return jax.ShapeDtypeStruct((x.shape[0], x.shape[1]), x.dtype)


def run(x):
    return pl.pallas_call(kernel, out_shape=output_of(x), interpret=True)(x)


print(run(jnp.ones((8, 128), jnp.float32)).sum())
