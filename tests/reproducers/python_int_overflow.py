"""Raises OverflowError: a Python int past int64's range given to a lax operation."""

from jax import lax

lax.neg(1 << 64)
