# corpus: label=positive styles=parameter batch=c
"""Position ids are built with jnp.arange of a sequence length passed to the jitted
function."""

import jax
import jax.numpy as jnp


@jax.jit
def add_positions(embeddings, seq_len):
    positions = jnp.arange(seq_len)  # expect: concretization-type-error
    return embeddings + positions[:, None] * 0.01


print(add_positions(jnp.zeros((6, 4)), 6))
