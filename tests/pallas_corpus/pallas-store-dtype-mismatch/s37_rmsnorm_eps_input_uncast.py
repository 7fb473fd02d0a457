# corpus: label=positive styles=direct batch=s37
"""An RMSNorm kernel over bfloat16 activations takes its epsilon as a float32 (1, 1, 1) input
(as in jax#30391); the epsilon promotes the result to float32, stored uncast into the bfloat16
output block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def rmsnorm_kernel(x_ref, w_ref, eps_ref, o_ref):
    x = x_ref[...]
    w = w_ref[...]
    eps = eps_ref[...]
    mean_sq = jnp.mean(jnp.square(x), axis=2, keepdims=True)
    rms = jax.lax.rsqrt(mean_sq + eps)
    normed = x * rms
    o_ref[...] = w * normed  # expect: pallas-store-dtype-mismatch


@jax.jit
def fused_rmsnorm(x, w):
    eps = jnp.array([[[1e-5]]], dtype=jnp.float32)
    return pl.pallas_call(
        rmsnorm_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, w, eps)


x = jnp.ones((2, 8, 256), jnp.bfloat16)
w = jnp.ones((1, 1, 256), jnp.bfloat16)
print(fused_rmsnorm(x, w).astype(jnp.float32).sum())
