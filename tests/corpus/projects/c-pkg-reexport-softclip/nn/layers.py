"""Layers."""

import jax.numpy as jnp


def dense(params, x):
    return jnp.dot(x, params["w"]) + params["b"]
