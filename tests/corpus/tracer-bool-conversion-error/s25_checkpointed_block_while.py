"""A fixed-point solver under jax.checkpoint loops with a Python `while` on its traced error."""
# corpus: label=positive styles=transform,helper batch=s25

import jax
import jax.numpy as jnp


def solve(x, tol=1e-3):
    err = jnp.abs(jnp.cos(x) - x).max()
    while err > tol:  # expect: tracer-bool-conversion-error
        x = jnp.cos(x)
        err = jnp.abs(jnp.cos(x) - x).max()
    return x


block = jax.checkpoint(solve)
print(jax.grad(lambda x: block(x).sum())(jnp.ones(2)))
