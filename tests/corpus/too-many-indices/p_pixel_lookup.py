"""A grayscale image class indexed with a channel it does not have."""

# corpus: label=positive styles=helper,attribute
import jax.numpy as jnp


class Image:
    def __init__(self, h, w):
        self.pixels = jnp.zeros((h, w))

    def at(self, i, j, c):
        return self.pixels[i, j, c]  # expect: too-many-indices


Image(4, 4).at(0, 1, 2)
