"""Raises ValueError: a ShapeDtypeStruct made with dtype None."""

import jax

jax.ShapeDtypeStruct((8, 128), None)
