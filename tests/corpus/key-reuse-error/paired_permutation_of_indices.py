"""Images and labels kept paired by one permutation of the indices, applied to both."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp

with jax.debug_key_reuse(True):
    key = jax.random.key(0)
    images = jnp.arange(32.0).reshape(8, 4)
    labels = jnp.arange(8)
    order = jax.random.permutation(key, images.shape[0])
    images, labels = images[order], labels[order]
