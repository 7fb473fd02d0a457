"""A channel axis added at the front of a 2-D batch, counted from the end: -3 is the first of
the result's three axes."""
# corpus: label=negative styles=parameter

import jax.numpy as jnp


def add_channel(images, where=-3):
    return jnp.expand_dims(images, where)


add_channel(jnp.ones((2, 28)))
