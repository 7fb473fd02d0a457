"""A custom_vjp whose fwd returns its primal output as a list where the function returns a
tuple, differentiated inside jit: JAX never traces the primal first there, so it runs."""
# corpus: label=negative styles=transform batch=e

import jax
import jax.numpy as jnp


@jax.custom_vjp
def moments(x):
    return x.mean(), (x**2).mean()


def moments_fwd(x):
    return [x.mean(), (x**2).mean()], x


def moments_bwd(x, g):
    g_mean, g_square = g
    return ((g_mean + 2 * x * g_square) / x.shape[0],)


moments.defvjp(moments_fwd, moments_bwd)


def spread(x):
    mean, square = moments(x)
    return square - mean**2


jax.jit(jax.grad(spread))(jnp.arange(4.0))
