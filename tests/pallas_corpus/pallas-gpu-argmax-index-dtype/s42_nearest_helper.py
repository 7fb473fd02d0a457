# corpus: label=positive styles=helper batch=s42
"""A helper finds the nearest centre with `jnp.argmin` inside a Triton kernel, in a module that
turns 64-bit mode on."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

jax.config.update("jax_enable_x64", True)


def nearest(distances):
    return jnp.argmin(distances, axis=1)  # expect: pallas-gpu-argmax-index-dtype


def assign(d_ref, o_ref):
    o_ref[...] = nearest(d_ref[...])


d = jnp.ones((32, 16), jnp.float32)
out = pl.pallas_call(
    assign,
    out_shape=jax.ShapeDtypeStruct((32,), jnp.int64),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(d)
print(out)
