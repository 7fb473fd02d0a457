"""The per-sequence helper vmapped over a 2-D batch: each row is a sequence with a length."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


def positions(tokens):
    return jnp.arange(len(tokens))


batch = jnp.zeros((4, 16), jnp.int32)
jax.vmap(positions)(batch)
