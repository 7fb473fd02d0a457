"""The smoothing pipeline: a jitted convolution with a box kernel."""

import jax
import jax.numpy as jnp

from .kernels import make_box_filter

box = make_box_filter()


@jax.jit
def smooth(signal, width):
    return jnp.convolve(signal, box(width), mode="same")
