# corpus: label=negative styles=helper batch=c
"""The Newton solver runs eagerly on concrete arrays: the while condition is a concrete bool."""

import jax.numpy as jnp


def newton_sqrt(a, tol=1e-6):
    x = a
    while jnp.abs(x * x - a) > tol:
        x = 0.5 * (x + a / x)
    return x


def norm(v):
    return newton_sqrt(jnp.sum(v * v))


print(norm(jnp.array([3.0, 4.0])))
