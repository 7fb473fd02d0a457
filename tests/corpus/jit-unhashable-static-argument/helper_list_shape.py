# corpus: label=positive styles=helper,parameter
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def resize(x, shape):
    return jnp.resize(x, shape)


def as_image(pixels, height, width):
    return resize(pixels, [height, width])  # expect: jit-unhashable-static-argument


as_image(jnp.arange(6.0), 2, 3)
