# corpus: label=positive styles=parameter,helper batch=s31
"""A bfloat16 matmul kernel accumulates in float32 and stores the float32 result into its
bfloat16 output block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matmul_kernel(a_ref, b_ref, o_ref):
    acc = jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32)
    o_ref[...] = acc  # expect: pallas-store-dtype-mismatch


def matmul(a, b, out_dtype=jnp.bfloat16):
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((a.shape[0], b.shape[1]), out_dtype),
        interpret=True,
    )(a, b)


a = jnp.ones((16, 128), jnp.bfloat16)
print(matmul(a, a.T).sum())
