"""An image upsampled by a factor: the new size is a float product."""

# corpus: label=positive styles=helper batch=s36
import jax
import jax.numpy as jnp


def upsample(image, factor):
    size = (image.shape[0] * factor, image.shape[1] * factor)
    return jax.image.resize(image, size, "linear")  # expect: traced-shape-argument


upsample(jnp.ones((4, 4)), 1.5)
