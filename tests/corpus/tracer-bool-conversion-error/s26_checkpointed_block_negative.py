"""The checkpointed block normalizes with `jnp.where` instead of a Python `if`."""
# corpus: label=negative styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def block(x, w):
    h = jnp.tanh(x @ w)
    norm = jnp.linalg.norm(h)
    h = jnp.where(norm > 1.0, h / norm, h)
    return x + h


remat_block = jax.checkpoint(block)
print(remat_block(jnp.ones(4), jnp.eye(4)))
