"""Raises TypeError: jax.grad with respect to an integer argument."""

import jax

jax.grad(lambda x: x**2)(3)
