"""Shapes read off the input under jit are static: `x.reshape(x.shape[0], -1)`, `jnp.zeros((b, 3))`."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def flatten_and_pad(x):
    b = x.shape[0]
    flat = x.reshape(b, -1)
    pad = jnp.zeros((b, 3), flat.dtype)
    return jnp.concatenate([flat, pad, jnp.zeros_like(flat)], axis=1)


flatten_and_pad(jnp.ones((2, 3, 4)))
