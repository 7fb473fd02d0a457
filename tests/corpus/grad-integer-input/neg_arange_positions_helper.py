"""Float positions (arange of a float)."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def potential(positions):
    return jnp.sum(jnp.cos(positions))


def force(positions):
    return -jax.grad(potential)(positions)


print(force(jnp.arange(5.0)))
