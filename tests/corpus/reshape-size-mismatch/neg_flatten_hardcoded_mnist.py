"""The flatten helper lets the pixel count be inferred."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def flatten(images):
    batch = images.shape[0]
    return images.reshape(batch, -1)


images = jnp.zeros((16, 28, 28, 3))
print(flatten(images).shape)
