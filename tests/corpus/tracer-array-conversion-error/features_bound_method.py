"""`jax.jit(model.features)`: the bound method builds polynomial features with `np.concatenate`."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp
import numpy as np


class PolyRegression:
    def __init__(self, degree):
        self.degree = degree
        self.coef = jnp.zeros(degree * 2)

    def features(self, x):
        powers = [x**k for k in range(1, self.degree + 1)]
        return np.concatenate(powers, axis=-1)  # expect: tracer-array-conversion-error

    def predict(self, x):
        return self.features(x) @ self.coef[: self.degree * x.shape[-1]]


model = PolyRegression(degree=3)
featurize = jax.jit(model.features)
featurize(jnp.ones((4, 2)))
