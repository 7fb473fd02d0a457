"""Raises TypeError: a jitted function returns a Python function, and jit's outputs must be
arrays (or pytrees of them)."""

import jax


@jax.jit
def make_scaler(scale):
    return lambda x: x * scale


make_scaler(2.0)
