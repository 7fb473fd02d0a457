"""Attention logits are scaled by a temperature computed as a mean (a 0-d array) with `@` instead of `*`."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def temperature(scores):
    return jnp.mean(jnp.abs(scores))


def scaled_logits(q, k):
    scores = q @ k.T
    return temperature(scores) @ scores  # expect: matmul-input-scalar-operand


print(scaled_logits(jnp.ones((4, 8)), jnp.ones((4, 8))))
