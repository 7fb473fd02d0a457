"""A residual block is wrapped in `jax.checkpoint` to save memory; inside, a Python `if` tests the activations' norm, which checkpoint traces."""
# corpus: label=positive styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def block(x, w):
    h = jnp.tanh(x @ w)
    if jnp.linalg.norm(h) > 1.0:  # expect: tracer-bool-conversion-error
        h = h / jnp.linalg.norm(h)
    return x + h


remat_block = jax.checkpoint(block)
print(remat_block(jnp.ones(4), jnp.eye(4)))
