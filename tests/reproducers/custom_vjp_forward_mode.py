"""Raises TypeError: jax.jacfwd differentiates a custom_vjp function in forward mode, and a
custom_vjp function has no forward-mode rule (jax.jacrev of it runs)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


def f_fwd(x):
    return f(x), jnp.cos(x)


def f_bwd(cos_x, g):
    return (cos_x * g,)


f.defvjp(f_fwd, f_bwd)
jax.jacrev(f)(3.0)
jax.jacfwd(f)(3.0)
