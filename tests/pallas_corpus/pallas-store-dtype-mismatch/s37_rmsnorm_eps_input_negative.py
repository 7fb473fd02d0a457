# corpus: label=negative styles=direct batch=s37
"""An RMSNorm kernel over bfloat16 activations with a float32 epsilon input casts its promoted
result back to the output's dtype before the store."""

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
    o_ref[...] = (w * normed).astype(o_ref.dtype)


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
