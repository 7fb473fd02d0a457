"""Under vmap each example has lost the batch axis, but the reshape still names it."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp

batch = 8


def to_vector(image):
    return image.reshape(batch, 28 * 28)  # expect: reshape-size-mismatch


images = jnp.ones((batch, 28, 28))
print(jax.vmap(to_vector)(images).shape)
