"""Class names for predictions, looked up with the items of a JAX array."""

# corpus: label=positive styles=helper batch=s36
import jax.numpy as jnp

LABELS = {0: "cat", 1: "dog", 2: "bird"}


def names(logits):
    predictions = jnp.argmax(logits, axis=-1)
    return [LABELS[p] for p in predictions]  # expect: unhashable-jax-array


names(jnp.ones((4, 3)))
