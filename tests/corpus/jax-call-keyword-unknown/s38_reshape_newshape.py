"""An image block flattened with the keyword jnp.reshape had before JAX 0.4.28."""

# corpus: label=positive styles=helper batch=s38

import jax.numpy as jnp


def flatten_patches(x, patch):
    b, h, w, c = x.shape
    blocks = (b, h // patch, patch, w // patch, patch, c)
    x = jnp.reshape(x, newshape=blocks)  # expect: jax-call-keyword-unknown
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(b, -1, patch * patch * c)


print(flatten_patches(jnp.ones((2, 8, 8, 3)), 4).shape)
