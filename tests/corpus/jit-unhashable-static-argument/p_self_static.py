"""A model class with __eq__ and no __hash__ jits a method with self static."""

# corpus: label=positive styles=method,transform
from functools import partial

import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.layers = [jnp.ones((3, 3))]

    def __eq__(self, other):
        return self is other

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        for w in self.layers:
            x = x @ w
        return x


Model().apply(jnp.ones(3))  # expect: jit-unhashable-static-argument
