"""A helper allocates a key/value cache from lengths that the jitted decoder passes in traced."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def init_cache(batch, length, dim):
    return {
        "k": jnp.zeros((batch, length, dim)),  # expect: traced-shape-argument
        "v": jnp.zeros((batch, length, dim)),  # expect: traced-shape-argument
    }


@jax.jit
def decode(tokens, max_len):
    cache = init_cache(tokens.shape[0], max_len, 16)
    return cache["k"].sum() + tokens.sum()


decode(jnp.ones((2, 5), dtype=jnp.int32), 32)
