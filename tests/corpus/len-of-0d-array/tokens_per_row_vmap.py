"""A per-sequence helper, vmapped over a batch of token ids, counts the tokens of its row."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def positions(tokens):
    return jnp.arange(len(tokens))  # expect: len-of-0d-array


batch = jnp.zeros(16, jnp.int32)
jax.vmap(positions)(batch)
