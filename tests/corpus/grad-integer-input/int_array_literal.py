"""Coefficients given as an integer list literal, differentiated inside a jitted helper."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def polynomial(coefficients, x=2.0):
    powers = x ** jnp.arange(coefficients.shape[0])
    return jnp.dot(coefficients, powers)


coefficients = jnp.array([1, 2, 3])
jax.jit(jax.grad(polynomial))(coefficients)  # expect: grad-integer-input
