"""A scan applies stacked layer weights; the input has the wrong width for the first layer."""
# corpus: label=positive styles=transform,helper

import jax.numpy as jnp
from jax import lax


def apply_layer(x, w):
    return jnp.tanh(x @ w), None  # expect: dot-general-contracting-dims-mismatch


stacked = jnp.ones((6, 32, 32))
x = jnp.ones((4, 16))
out, _ = lax.scan(apply_layer, x, stacked)
