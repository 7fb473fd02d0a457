"""Positions built with jnp.arange (int32) differentiated by a helper."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def potential(positions):
    return jnp.sum(jnp.cos(positions))


def force(positions):
    return -jax.grad(potential)(positions)  # expect: grad-integer-input


print(force(jnp.arange(5)))
