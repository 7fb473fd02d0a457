"""A binarising Module wraps its op with jax.custom_vjp in __init__ and registers it there."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


def _binarize(x):
    return jnp.where(x >= 0.0, 1.0, -1.0)


class BinaryDense:
    def __init__(self, key, d_in, d_out):
        self.w = jax.random.normal(key, (d_in, d_out))
        self.binarize = jax.custom_vjp(_binarize)
        self.binarize.defvjp(lambda w: (_binarize(w), None), lambda _, g: (g,))

    def apply(self, w, x):
        return x @ self.binarize(w)


layer = BinaryDense(jax.random.key(0), 4, 3)
print(layer.apply(layer.w, jnp.ones((2, 4))))
print(jax.grad(lambda w: layer.apply(w, jnp.ones((2, 4))).sum())(layer.w))
