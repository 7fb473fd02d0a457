"""Raises ValueError: static_argnames names a positional-only parameter, which a caller can
never pass by name, so jax.jit refuses it when it wraps the function."""

import jax


def scale(x, factor, /):
    return x * factor


jax.jit(scale, static_argnames="factor")
