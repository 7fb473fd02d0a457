"""A custom_vjp function itself returns (value, mask), and fwd returns the same pair as its
primal output; the pullback gets a cotangent pair."""
# corpus: label=negative styles=direct batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_with_mask(x):
    mask = jnp.abs(x) <= 1.0
    return jnp.clip(x, -1.0, 1.0), mask.astype(jnp.float32)


def clip_fwd(x):
    mask = jnp.abs(x) <= 1.0
    return (jnp.clip(x, -1.0, 1.0), mask.astype(jnp.float32)), mask


def clip_bwd(mask, g):
    return (jnp.where(mask, g[0], 0.0),)


clip_with_mask.defvjp(clip_fwd, clip_bwd)
x = jnp.linspace(-2.0, 2.0, 5)
out, pullback = jax.vjp(clip_with_mask, x)
print(pullback((jnp.ones(5), jnp.zeros(5))))
