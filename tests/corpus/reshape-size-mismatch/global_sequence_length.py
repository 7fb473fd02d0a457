"""A module-level sequence length that does not divide the token count."""
# corpus: label=positive styles=parameter,direct

import jax.numpy as jnp

SEQ_LEN = 128


def chunk(tokens):
    return tokens.reshape(-1, SEQ_LEN)  # expect: reshape-size-mismatch


print(chunk(jnp.arange(1000)).shape)
