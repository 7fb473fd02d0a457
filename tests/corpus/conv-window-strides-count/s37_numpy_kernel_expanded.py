"""An edge filter built with NumPy (a row kernel given a height axis), applied to images with
the stride list of a 1-D signal."""

# corpus: label=positive styles=helper batch=s37
import jax
import jax.numpy as jnp
import numpy as np

row = np.array([[[-1.0, 0.0, 1.0]]])


def edges(images):
    kernel = np.expand_dims(row, -2)
    return jax.lax.conv(images, kernel, [1], "VALID")  # expect: conv-window-strides-count


edges(jnp.ones((1, 1, 8, 8)))
