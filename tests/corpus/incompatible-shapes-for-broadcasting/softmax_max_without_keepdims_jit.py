"""A numerically stable softmax under jit whose max drops the class axis."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


@jax.jit
def stable_softmax(logits):
    shifted = logits - logits.max(axis=-1)  # expect: incompatible-shapes-for-broadcasting
    exp = jnp.exp(shifted)
    return exp / exp.sum(axis=-1, keepdims=True)


print(stable_softmax(jnp.ones((8, 5))))
