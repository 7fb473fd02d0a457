# corpus: label=positive styles=parameter batch=c
"""A noise helper defaults its key to 0 for convenience."""

import jax
import jax.numpy as jnp


def add_gaussian_noise(x, std=0.1, key=0):
    return x + std * jax.random.normal(key, x.shape)  # expect: random-int-seed-as-key


signal = jnp.sin(jnp.linspace(0.0, 3.0, 16))
print(add_gaussian_noise(signal, std=0.05))
