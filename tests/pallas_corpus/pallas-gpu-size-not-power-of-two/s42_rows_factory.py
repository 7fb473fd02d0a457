# corpus: label=positive styles=return batch=s42
"""A factory returns a Triton kernel that sums the first `n` rows of its block, made with 12:
a (12, 128) load, whose size is not a power of 2."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def make_head_sum(n):
    def head_sum(x_ref, o_ref):
        head = x_ref[pl.ds(0, n), :]  # expect: pallas-gpu-size-not-power-of-two
        o_ref[...] = jnp.sum(head, axis=0)

    return head_sum


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    make_head_sum(12),
    out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
