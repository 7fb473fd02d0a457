"""Raises TypeError: a custom_vjp fwd rule returns only the output, not (output, residuals)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def square(x):
    return x * x


def square_fwd(x):
    return x * x


def square_bwd(x, g):
    return (2 * x * g,)


square.defvjp(square_fwd, square_bwd)
jax.grad(square)(jnp.float32(3.0))
