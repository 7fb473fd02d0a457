"""Raises ValueError: a bwd cotangent's shape differs from the shape of its primal input."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def total(x):
    return x.sum()


def total_fwd(x):
    return x.sum(), None


def total_bwd(_, g):
    return (g,)


total.defvjp(total_fwd, total_bwd)
jax.grad(total)(jnp.arange(3.0))
