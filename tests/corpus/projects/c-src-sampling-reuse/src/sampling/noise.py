"""Input corruption for denoising training."""

import jax
import jax.numpy as jnp


def corrupt(key, x, drop_rate=0.2, noise_std=0.1):
    keep = jax.random.bernoulli(key, 1.0 - drop_rate, x.shape)
    noise = noise_std * jax.random.normal(key, x.shape)  # expect: key-reuse-error
    return jnp.where(keep, x + noise, 0.0)
