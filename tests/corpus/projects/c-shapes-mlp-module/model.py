"""Parameters and forward pass of a small MLP."""

import jax
import jax.numpy as jnp


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (m, n)) * 0.1, jnp.zeros(n))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def dense(params, x):
    w, b = params
    return x @ w + b  # expect: dot-general-contracting-dims-mismatch


def encoder(key):
    return (jax.random.normal(key, (12, 32)) * 0.1, jnp.zeros(32))
