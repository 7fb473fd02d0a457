# corpus: label=negative styles=transform,return batch=c
"""The per-example decoder keeps the argmax as an array and indexes with it."""

import jax
import jax.numpy as jnp

VOCAB = jnp.arange(5.0) * 10.0


def decode(logits):
    token = jnp.argmax(logits).astype(jnp.int32)
    return VOCAB[token]


print(jax.vmap(decode)(jnp.eye(5)[:3]), int(jnp.argmax(VOCAB)))
