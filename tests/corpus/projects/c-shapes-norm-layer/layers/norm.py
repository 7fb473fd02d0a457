"""RMS normalisation with a learned per-feature scale."""

import jax.numpy as jnp


class RMSNorm:
    def __init__(self, features, eps=1e-6):
        self.scale = jnp.ones(features)
        self.eps = eps

    def __call__(self, x):
        rms = jnp.sqrt(jnp.mean(x**2, axis=-1, keepdims=True) + self.eps)
        return x / rms * self.scale  # expect: incompatible-shapes-for-broadcasting
