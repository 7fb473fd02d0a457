"""The per-example bias gets a trailing axis before it is added."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def add_bias(logits, bias):
    return logits + bias[:, None]


logits = jnp.zeros((32, 10))
per_example = jnp.ones(32)
print(add_bias(logits, per_example).shape)
