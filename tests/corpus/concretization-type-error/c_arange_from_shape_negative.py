# corpus: label=negative styles=parameter batch=c
"""Position ids come from the embeddings' static shape, and debug printing uses
jax.debug.print."""

import jax
import jax.numpy as jnp


@jax.jit
def add_positions(embeddings, scale):
    positions = jnp.arange(embeddings.shape[0])
    jax.debug.print("scale {s}", s=scale)
    return embeddings + positions[:, None] * scale


print(add_positions(jnp.zeros((6, 4)), 0.01))
