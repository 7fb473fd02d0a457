"""Fixed-size buffers for streaming statistics."""

import jax.numpy as jnp


def ring_buffer(capacity, dim, dtype=jnp.float32):
    return {
        "data": jnp.zeros((capacity, dim), dtype),  # expect: traced-shape-argument
        "head": jnp.int32(0),
    }
