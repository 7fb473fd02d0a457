"""Raises TypeError: ``jax.grad`` is given the value ``loss(w)`` returned, not ``loss``."""

import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w**2)


w = jnp.ones(3)
grads = jax.grad(loss(w))(w)
