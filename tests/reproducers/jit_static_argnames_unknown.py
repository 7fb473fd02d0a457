"""Raises ValueError: static_argnames names a parameter the function does not have."""

import jax


def scale(x, *, factor):
    return x * factor


jax.jit(scale, static_argnames="factr")
