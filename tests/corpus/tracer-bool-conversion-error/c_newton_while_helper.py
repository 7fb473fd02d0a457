# corpus: label=positive styles=helper batch=c
"""A Newton solver helper iterates while the residual is above tolerance; the jitted caller
hands it traced values."""

import jax
import jax.numpy as jnp


def newton_sqrt(a, tol=1e-6):
    x = a
    while jnp.abs(x * x - a) > tol:  # expect: tracer-bool-conversion-error
        x = 0.5 * (x + a / x)
    return x


@jax.jit
def norms(v):
    return newton_sqrt(jnp.sum(v * v))


print(norms(jnp.array([3.0, 4.0])))
