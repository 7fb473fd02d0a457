"""Raises ValueError: ``static_argnums`` names a position the function does not have."""

import jax


def scale(x, factor):
    return x * factor


jax.jit(scale, static_argnums=2)
