"""A bias with one entry per example added to (batch, classes) logits in a helper."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def add_bias(logits, bias):
    return logits + bias  # expect: incompatible-shapes-for-broadcasting


logits = jnp.zeros((32, 10))
per_example = jnp.ones(32)
print(add_bias(logits, per_example).shape)
