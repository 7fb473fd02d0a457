"""Raises NameError: a collective names an axis that no enclosing transformation binds."""

import jax
import jax.numpy as jnp


def normalize(x):
    return x / jax.lax.psum(x, "batch")


jax.vmap(normalize, axis_name="rows")(jnp.ones((4, 3)))
