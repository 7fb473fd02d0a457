"""argmax over axis 1 of the per-example logits inside vmap."""

# corpus: label=positive styles=transform
import jax
import jax.numpy as jnp


def classify(logits):
    return jnp.argmax(logits, axis=1)  # expect: axis-out-of-bounds


jax.vmap(classify)(jnp.ones((8, 10)))
