"""The per-example loss sums over the class axis of one example's vector: axis -1."""
# corpus: label=negative styles=transform,helper

import jax
import jax.numpy as jnp


def cross_entropy(logits, label):
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.sum(log_probs * jax.nn.one_hot(label, 10), axis=-1)


logits = jnp.zeros((32, 10))
labels = jnp.zeros(32, dtype=jnp.int32)
jax.vmap(cross_entropy)(logits, labels)
