"""A blur of single-channel images with one stride for two spatial axes."""

# corpus: label=positive styles=helper batch=s36
import jax
import jax.numpy as jnp


def blur(images, kernel):
    return jax.lax.conv(images, kernel, (1,), "SAME")  # expect: conv-window-strides-count


blur(jnp.ones((2, 1, 16, 16)), jnp.ones((1, 1, 3, 3)) / 9.0)
