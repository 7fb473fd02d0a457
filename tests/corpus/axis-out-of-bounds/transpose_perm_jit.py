"""A layout helper under jit permutes NCHW to NHWC, but the input is a 3-D CHW image."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


@jax.jit
def to_channels_last(x):
    return jnp.transpose(x, (0, 2, 3, 1))  # expect: axis-out-of-bounds


to_channels_last(jnp.ones((3, 32, 32)))
