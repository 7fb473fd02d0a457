"""A layer keeps a jitted 'bind' as an attribute that returns functools.partial of its apply."""
# corpus: label=positive styles=attribute,method batch=s29

from functools import partial

import jax
import jax.numpy as jnp


def apply(w, x):
    return jnp.tanh(x @ w)


def bind(w):
    return partial(apply, w)


class Layer:
    def __init__(self, w):
        self.w = w
        self.bind = jax.jit(bind)

    def forward(self, x):
        fn = self.bind(self.w)  # expect: jit-output-not-jax-type
        return fn(x)


layer = Layer(jnp.ones((3, 2)))
print(layer.forward(jnp.ones((4, 3))))
