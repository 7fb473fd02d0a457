"""A loss written for a batch, mapped over examples with vmap: inside, the logits of one
example are a vector, so summing over axis 1 has nothing to sum."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


def cross_entropy(logits, label):
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.sum(log_probs * jax.nn.one_hot(label, 10), axis=1)  # expect: axis-out-of-bounds


logits = jnp.zeros((32, 10))
labels = jnp.zeros(32, dtype=jnp.int32)
jax.vmap(cross_entropy)(logits, labels)
