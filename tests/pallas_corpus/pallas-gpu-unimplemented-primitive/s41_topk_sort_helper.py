# corpus: label=positive styles=helper batch=s41
"""A Triton kernel keeps each row's largest values through a helper that sorts the loaded
block: the Triton lowering has no `sort`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def largest_first(v):
    return -jnp.sort(-v, axis=1)  # expect: pallas-gpu-unimplemented-primitive


def topk(x_ref, o_ref):
    o_ref[...] = largest_first(x_ref[...])


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(
    topk,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
