"""Stacked layer weights are scanned over; the input width differs from the first layer's."""
# corpus: label=positive styles=transform,helper batch=s25

import jax.numpy as jnp
from jax import lax


def layer(h, w):
    return jnp.tanh(h @ w), None  # expect: dot-general-contracting-dims-mismatch


def deep(x, ws):
    h, _ = lax.scan(layer, x, ws)
    return h


print(deep(jnp.ones((2, 5)), jnp.ones((3, 4, 4))).shape)
