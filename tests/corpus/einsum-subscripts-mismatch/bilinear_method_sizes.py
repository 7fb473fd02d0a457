"""A bilinear layer whose weight's middle size does not match the second input's features."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Bilinear:
    def __init__(self, left, right, out):
        self.weight = jnp.zeros((left, out, right))

    def __call__(self, a, b):
        return jnp.einsum("bi,ioj,bj->bo", a, self.weight, b)  # expect: einsum-subscripts-mismatch


layer = Bilinear(8, 6, 3)
print(layer(jnp.ones((5, 8)), jnp.ones((5, 7))).shape)
