"""The polynomial with `degree` marked static: `range(degree + 1)` gets a Python int."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=2)
def polynomial(x, coeffs, degree):
    total = jnp.zeros_like(x)
    for k in range(degree + 1):
        total = total + coeffs[k] * x**k
    return total


xs = jnp.linspace(0.0, 1.0, 5)
print(polynomial(xs, jnp.array([1.0, 0.5, 0.25, 0.125]), 3))
