"""Raises ValueError: the pullback of jax.vjp meets a cotangent shaped like the function's
output, but the output jax.vjp saw was fwd's primal output, a tuple.

Differentiated without jax.jit, JAX runs the custom_vjp's fwd and never the function itself, so
it does not compare fwd's primal output with the function's: the call returns fwd's.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def double(x):
    return x * 2


def double_fwd(x):
    return (x * 2, x), x


def double_bwd(x, g):
    return (g * 2,)


double.defvjp(double_fwd, double_bwd)
out, pullback = jax.vjp(double, jnp.ones(3))
pullback(jnp.ones(3))
