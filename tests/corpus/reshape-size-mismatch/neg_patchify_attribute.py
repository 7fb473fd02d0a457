"""The patch size divides the 32x32 images."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class Patchify:
    def __init__(self, patch):
        self.patch = patch

    def __call__(self, images):
        batch = images.shape[0]
        return images.reshape(batch, -1, self.patch * self.patch)


images = jnp.ones((2, 32, 32))
print(Patchify(16)(images).shape)
