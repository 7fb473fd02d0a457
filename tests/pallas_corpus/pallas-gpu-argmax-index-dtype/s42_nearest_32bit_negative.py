# corpus: label=negative styles=helper batch=s42
"""The same helper in a module that leaves 64-bit mode off: the index is an int32, lowered."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def nearest(distances):
    return jnp.argmin(distances, axis=1)


def assign(d_ref, o_ref):
    o_ref[...] = nearest(d_ref[...])


d = jnp.ones((32, 16), jnp.float32)
out = pl.pallas_call(
    assign,
    out_shape=jax.ShapeDtypeStruct((32,), jnp.int32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(d)
print(out)
