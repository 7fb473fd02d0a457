# corpus: label=negative styles=direct batch=s42
"""A Triton kernel that reads a 5-element Ref one scalar at a time (each load is one element,
a power of 2) and writes an 8-element output: lowered."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def total(w_ref, o_ref):
    acc = 0.0
    for i in range(5):
        acc = acc + w_ref[i]
    o_ref[...] = jnp.full((8,), acc, jnp.float32)


w = jnp.arange(5, dtype=jnp.float32)
out = pl.pallas_call(
    total,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(w)
print(out)
