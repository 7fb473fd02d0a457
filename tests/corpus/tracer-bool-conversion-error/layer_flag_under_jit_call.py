"""A layer branches on a Python bool set in `__init__`; every call goes through `jax.jit(layer.__call__)`."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp
from jax import random


class Dense:
    def __init__(self, n_in, n_out, key, use_bias=True, activation=None):
        self.w = random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
        self.b = jnp.zeros(n_out)
        self.use_bias = use_bias
        self.activation = activation

    def __call__(self, x):
        y = x @ self.w
        if self.use_bias:
            y = y + self.b
        if self.activation is not None:
            y = self.activation(y)
        return y


layer = Dense(4, 2, random.key(0), activation=jax.nn.relu)
forward = jax.jit(layer.__call__)
out = forward(jnp.ones((3, 4)))
