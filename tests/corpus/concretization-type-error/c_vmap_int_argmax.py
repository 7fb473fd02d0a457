# corpus: label=positive styles=transform,return batch=c
"""A per-example decoder converts the argmax to a Python int; vmap traces it."""

import jax
import jax.numpy as jnp

VOCAB = jnp.arange(5.0) * 10.0


def decode(logits):
    token = int(jnp.argmax(logits))  # expect: concretization-type-error
    return VOCAB[token]


print(jax.vmap(decode)(jnp.eye(5)[:3]))
