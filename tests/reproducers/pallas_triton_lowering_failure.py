"""A Pallas GPU kernel multiplying a (32, 32) block by a (32, 1) block: Triton's dot needs every
dimension to be at least 16, so lowering the kernel to Triton fails (jax 0.4.20-0.4.30 wrap the
error in TritonLoweringException).

Needs an NVIDIA GPU; written from jax-ml/jax#20051 and #19350; not run here (CPU only).
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] @ y_ref[...]


x = jnp.ones((32, 32), jnp.float32)
y = jnp.ones((32, 1), jnp.float32)
pl.pallas_call(matmul_kernel, out_shape=jax.ShapeDtypeStruct((32, 1), jnp.float32))(x, y)
