# corpus: label=positive styles=return batch=c
"""The sum of two arrays is a new jax array, and it is patched in place."""

import jax.numpy as jnp


def blend(a, b, alpha=0.5):
    return alpha * a + (1.0 - alpha) * b


background = jnp.ones((4, 4))
foreground = jnp.eye(4)
image = blend(background, foreground)
image[0, :] = 0.0  # expect: immutable-array-item-assignment
print(image)
