"""A layer applies digamma to the real part of weights it stores as complex64."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp
from jax.scipy.special import digamma


class Layer:
    def __init__(self):
        self.weights = jnp.ones(4, dtype=jnp.complex64)

    def prior(self):
        return digamma(self.weights.real + 1.0)


Layer().prior()
