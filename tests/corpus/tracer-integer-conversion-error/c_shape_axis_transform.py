# corpus: label=positive styles=transform,helper batch=c
"""Normalising along an axis passed to a jitted function; the axis indexes x.shape."""

import jax
import jax.numpy as jnp


def axis_size(x, axis):
    return x.shape[axis]  # expect: tracer-integer-conversion-error


def normalise(x, axis):
    return x / axis_size(x, axis)


print(jax.jit(normalise)(jnp.ones((2, 3)), 1))
