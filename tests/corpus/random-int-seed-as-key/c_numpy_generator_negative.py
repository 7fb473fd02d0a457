# corpus: label=negative styles=parameter batch=c
"""The noise helper uses NumPy's generator, which does take an integer seed."""

import jax.numpy as jnp
import numpy as np


def add_gaussian_noise(x, std=0.1, seed=0):
    rng = np.random.default_rng(seed)
    return x + std * rng.normal(size=x.shape)


signal = jnp.sin(jnp.linspace(0.0, 3.0, 16))
print(add_gaussian_noise(signal, std=0.05))
