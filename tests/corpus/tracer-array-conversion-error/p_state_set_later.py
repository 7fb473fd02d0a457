"""A scaler fitted outside jit converts its input with np.asarray in a jitted transform method."""

# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp
import numpy as np


class Scaler:
    def fit(self, data):
        self.mean = np.mean(data, axis=0)
        return self

    def transform(self, x):
        return np.asarray(x) - self.mean  # expect: tracer-array-conversion-error


scaler = Scaler().fit(np.ones((4, 3)))
jax.jit(scaler.transform)(jnp.ones((2, 3)))
