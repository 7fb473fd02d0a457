"""A layout helper nobody calls here: the rank of its input is not known, and it is right
for NCHW images."""
# corpus: label=negative styles=helper

import jax.numpy as jnp


def to_channels_last(x):
    return jnp.transpose(x, (0, 2, 3, 1))


print(to_channels_last(jnp.ones((2, 3, 4, 4))).shape)
