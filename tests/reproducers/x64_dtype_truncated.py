"""Asking for float64 while 64-bit types are off: JAX warns and gives float32 instead.

Warnings are turned into errors here so the warning is raised where JAX issues it.
"""

import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
jnp.zeros(3, dtype=jnp.float64)
