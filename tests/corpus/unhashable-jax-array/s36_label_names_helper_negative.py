"""Class names for predictions, the items converted to Python ints first."""

# corpus: label=negative styles=helper batch=s36
import jax.numpy as jnp

LABELS = {0: "cat", 1: "dog", 2: "bird"}


def names(logits):
    predictions = jnp.argmax(logits, axis=-1)
    return [LABELS[int(p)] for p in predictions]


names(jnp.ones((4, 3)))
