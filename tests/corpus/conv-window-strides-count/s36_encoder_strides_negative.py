"""An encoder that keeps one stride per spatial axis, run on images."""

# corpus: label=negative styles=attribute,method batch=s36
import jax
import jax.numpy as jnp


class Encoder:
    def __init__(self):
        self.strides = [2, 2]
        self.kernel = jnp.ones((8, 3, 3, 3))

    def __call__(self, images):
        return jax.lax.conv_general_dilated(images, self.kernel, self.strides, "VALID")


Encoder()(jnp.ones((1, 3, 9, 9)))
