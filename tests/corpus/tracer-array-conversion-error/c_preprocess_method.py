# corpus: label=positive styles=method,attribute batch=c
"""A preprocessing module clips with NumPy in __call__; the whole pipeline is jitted."""

import jax
import jax.numpy as jnp
import numpy as np


class Standardize:
    def __init__(self, mean, std, clip=5.0):
        self.mean = np.asarray(mean, dtype=np.float32)
        self.std = np.asarray(std, dtype=np.float32)
        self.clip = clip

    def __call__(self, x):
        z = (x - self.mean) / self.std
        return np.clip(z, -self.clip, self.clip)  # expect: tracer-array-conversion-error


pre = Standardize(mean=[0.0, 1.0], std=[1.0, 2.0])


@jax.jit
def pipeline(x):
    return jnp.tanh(pre(x))


print(pipeline(jnp.array([[0.5, 3.0]])))
