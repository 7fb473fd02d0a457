"""The smoothing helper with a full kernel table."""
# corpus: label=negative styles=parameter,helper

import jax.numpy as jnp


def smooth(x, kernel=((0.25, 0.5, 0.25), (0.0, 0.5, 0.5))):
    k = jnp.array(kernel)
    return jnp.convolve(x, k[0], mode="same")


print(smooth(jnp.ones(5)))
