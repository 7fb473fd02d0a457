"""Loss functions for the trainer."""

import jax.numpy as jnp


def huber(pred, target, delta=1.0):
    error = pred - target
    quadratic = jnp.minimum(jnp.abs(error), delta)
    return 0.5 * quadratic**2 + delta * (jnp.abs(error) - quadratic)
