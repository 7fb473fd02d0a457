"""One example's logits squeezed, then argmax over its only axis."""
# corpus: label=negative styles=direct,return

import jax.numpy as jnp


def predict(logits):
    single = jnp.squeeze(logits, axis=0)
    return jnp.argmax(single, axis=-1)


predict(jnp.ones((1, 10)))
