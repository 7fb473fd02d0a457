# corpus: label=negative styles=method,attribute batch=c
"""The standardiser runs NumPy on host data before jit, and jnp inside it."""

import jax
import jax.numpy as jnp
import numpy as np


class Standardize:
    def __init__(self, data):
        self.mean = np.mean(data, axis=0)
        self.std = np.std(data, axis=0) + 1e-6

    def __call__(self, x):
        return jnp.clip((x - self.mean) / self.std, -5.0, 5.0)


raw = np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 7.0]])
pre = Standardize(raw)
out = jax.jit(pre.__call__)(jnp.asarray(raw))
print(np.asarray(out).round(2))
