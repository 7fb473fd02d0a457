"""A smoothing helper's default kernel table has a row with a missing entry."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp


def smooth(x, kernel=((0.25, 0.5, 0.25), (0.5, 0.5))):
    k = jnp.array(kernel)  # expect: array-ragged-nested-sequence
    return jnp.convolve(x, k[0], mode="same")


print(smooth(jnp.ones(5)))
