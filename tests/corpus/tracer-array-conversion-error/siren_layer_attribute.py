"""A SIREN-style layer stores `np.sin` as its nonlinearity in `__init__`; the jitted model calls it."""
# corpus: label=positive styles=attribute

import jax
import jax.numpy as jnp
import numpy as np
from jax import random


class SineLayer:
    def __init__(self, key, n_in, n_out, omega=30.0):
        bound = np.sqrt(6 / n_in) / omega
        self.w = random.uniform(key, (n_in, n_out), minval=-bound, maxval=bound)
        self.omega = omega
        self.nonlinearity = np.sin

    def __call__(self, x):
        return self.nonlinearity(self.omega * (x @ self.w))  # expect: tracer-array-conversion-error


layer = SineLayer(random.key(0), 2, 8)


@jax.jit
def field(coords):
    return layer(coords).sum(axis=-1)


field(jnp.ones((5, 2)))
