"""A helper vmaps over the channel axis of images, but the images have no channel axis."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def per_channel(fn, images, axis=3):
    return jax.vmap(fn, in_axes=axis)(images)  # expect: vmap-axis-out-of-range


grey = jnp.ones((8, 28, 28))
print(per_channel(jnp.mean, grey))
