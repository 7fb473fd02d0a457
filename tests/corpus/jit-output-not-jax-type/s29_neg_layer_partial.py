"""A layer keeps a jitted apply as an attribute and binds its weights with functools.partial."""
# corpus: label=negative styles=attribute,method batch=s29

from functools import partial

import jax
import jax.numpy as jnp


def apply(w, x):
    return jnp.tanh(x @ w)


class Layer:
    def __init__(self, w):
        self.w = w
        self.apply = jax.jit(apply)

    def forward(self, x):
        fn = partial(self.apply, self.w)
        return fn(x)


layer = Layer(jnp.ones((3, 2)))
print(layer.forward(jnp.ones((4, 3))))
