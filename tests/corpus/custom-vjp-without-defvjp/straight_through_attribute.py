"""A binarising Module wraps its op with jax.custom_vjp in __init__ and never registers rules."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


def _binarize(x):
    return jnp.where(x >= 0.0, 1.0, -1.0)


class BinaryDense:
    def __init__(self, key, d_in, d_out):
        self.w = jax.random.normal(key, (d_in, d_out))
        self.binarize = jax.custom_vjp(_binarize)  # expect: custom-vjp-without-defvjp

    def apply(self, x):
        return x @ self.binarize(self.w)


layer = BinaryDense(jax.random.key(0), 4, 3)
print(layer.apply(jnp.ones((2, 4))))
