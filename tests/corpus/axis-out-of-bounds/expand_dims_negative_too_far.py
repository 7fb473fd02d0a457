"""A channel axis added before the batch axis, counted from the end one too many."""
# corpus: label=positive styles=parameter

import jax.numpy as jnp


def add_channel(images, where=-4):
    return jnp.expand_dims(images, where)  # expect: axis-out-of-bounds


add_channel(jnp.ones((2, 28)))
