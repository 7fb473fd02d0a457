"""Layers as plain Python classes holding their parameters."""

import jax
import jax.numpy as jnp
from jax import random


class Dense:
    def __init__(self, key, n_in, n_out):
        self.w = random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
        self.b = jnp.zeros(n_out)

    def __call__(self, x):
        return x @ self.w + self.b


class GatedDense(Dense):
    """A dense layer that picks its activation from the sign of the mean pre-activation."""

    def __call__(self, x):
        h = super().__call__(x)
        if h.mean() > 0:  # expect: tracer-bool-conversion-error
            return jax.nn.relu(h)
        return jnp.tanh(h)
