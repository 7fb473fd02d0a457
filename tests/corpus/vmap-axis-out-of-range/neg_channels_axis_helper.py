"""The images have their channel axis."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def per_channel(fn, images, axis=3):
    return jax.vmap(fn, in_axes=axis)(images)


colour = jnp.ones((8, 28, 28, 3))
print(per_channel(jnp.mean, colour))
