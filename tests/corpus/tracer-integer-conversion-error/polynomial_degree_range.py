"""A jitted polynomial loops `range(degree + 1)` over its own traced `degree` argument."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def polynomial(x, coeffs, degree):
    total = jnp.zeros_like(x)
    for k in range(degree + 1):  # expect: tracer-integer-conversion-error
        total = total + coeffs[k] * x**k
    return total


xs = jnp.linspace(0.0, 1.0, 5)
print(polynomial(xs, jnp.array([1.0, 0.5, 0.25, 0.125]), 3))
