"""Predictions squeezed to one example's vector, then argmax over the class axis counted as
in the batch."""
# corpus: label=positive styles=direct,return

import jax.numpy as jnp


def predict(logits):
    single = jnp.squeeze(logits, axis=0)
    return jnp.argmax(single, axis=1)  # expect: axis-out-of-bounds


predict(jnp.ones((1, 10)))
