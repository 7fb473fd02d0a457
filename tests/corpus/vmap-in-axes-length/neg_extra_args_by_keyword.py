"""in_axes covers the positional arguments; the extra (batched) argument is passed by keyword."""
# corpus: label=negative styles=direct,parameter

import jax
import jax.numpy as jnp


def affine(x, w, bias):
    return x @ w + bias


xs = jnp.ones((4, 3))
w = jnp.ones((3, 2))
biases = jnp.zeros((4, 2))
print(jax.vmap(affine, in_axes=(0, None))(xs, w, bias=biases))
