"""An edge filter built with NumPy (a row kernel given a height axis), applied to images with
one stride per spatial axis."""

# corpus: label=negative styles=helper batch=s37
import jax
import jax.numpy as jnp
import numpy as np

row = np.array([[[-1.0, 0.0, 1.0]]])


def edges(images):
    kernel = np.expand_dims(row, -2)
    return jax.lax.conv(images, kernel, [1, 1], "VALID")


edges(jnp.ones((1, 1, 8, 8)))
