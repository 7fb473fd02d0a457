"""A jitted loss differentiated by jax.grad calls a custom_vjp returning (value, aux) whose
fwd gives the same pair as its primal output."""
# corpus: label=negative styles=helper,transform batch=e

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped_square(x):
    return jnp.minimum(x**2, 1.0), x > 1.0


def clipped_square_fwd(x):
    return (jnp.minimum(x**2, 1.0), x > 1.0), x


def clipped_square_bwd(x, g):
    g_value, _ = g
    return (jnp.where(x > 1.0, 0.0, 2 * x * g_value),)


clipped_square.defvjp(clipped_square_fwd, clipped_square_bwd)


@jax.jit
def loss(x):
    value, _ = clipped_square(x)
    return value.sum()


jax.grad(loss)(jnp.linspace(0.0, 2.0, 5))
