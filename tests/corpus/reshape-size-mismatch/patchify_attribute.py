"""A patch embedding whose patch size does not divide the image's pixels."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class Patchify:
    def __init__(self, patch):
        self.patch = patch

    def __call__(self, images):
        batch = images.shape[0]
        return images.reshape(batch, -1, self.patch * self.patch)  # expect: reshape-size-mismatch


images = jnp.ones((2, 30, 30))
print(Patchify(16)(images).shape)
