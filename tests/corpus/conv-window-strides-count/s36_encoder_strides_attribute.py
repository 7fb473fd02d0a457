"""An encoder that keeps its stride as a list made for 1-D signals, run on images."""

# corpus: label=positive styles=attribute,method batch=s36
import jax
import jax.numpy as jnp


class Encoder:
    def __init__(self):
        self.strides = [2]
        self.kernel = jnp.ones((8, 3, 3, 3))

    def __call__(self, images):
        return jax.lax.conv_general_dilated(
            images,
            self.kernel,
            self.strides,  # expect: conv-window-strides-count
            "VALID",
        )


Encoder()(jnp.ones((1, 3, 9, 9)))
