"""An image upsampled by a factor, the new size rounded to integers."""

# corpus: label=negative styles=helper batch=s36
import jax
import jax.numpy as jnp


def upsample(image, factor):
    size = (int(image.shape[0] * factor), int(image.shape[1] * factor))
    return jax.image.resize(image, size, "linear")


upsample(jnp.ones((4, 4)), 1.5)
