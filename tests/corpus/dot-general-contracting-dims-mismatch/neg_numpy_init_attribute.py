"""A layer whose weights NumPy initialises in __init__ as (in, out)."""
# corpus: label=negative styles=attribute,method batch=e

import jax.numpy as jnp
import numpy as np


class Dense:
    def __init__(self, n_in, n_out, seed=0):
        rng = np.random.RandomState(seed)
        self.w = np.random.normal(0.0, 0.02, size=(n_in, n_out))
        self.b = np.zeros(n_out)
        self.rng = rng

    def __call__(self, x):
        return jnp.tanh(x @ self.w + self.b)


Dense(8, 4)(jnp.ones((2, 8)))
