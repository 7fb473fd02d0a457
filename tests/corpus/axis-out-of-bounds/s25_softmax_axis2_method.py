"""A classifier head applies softmax over axis 2 of (batch, classes) logits."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class Head:
    def __init__(self, w, axis=2):
        self.w = w
        self.axis = axis

    def __call__(self, h):
        return jax.nn.softmax(h @ self.w, axis=self.axis)  # expect: axis-out-of-bounds


print(Head(jnp.ones((8, 3)))(jnp.ones((4, 8))).shape)
