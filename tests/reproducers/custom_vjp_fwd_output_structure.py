"""Raises TypeError: fwd's primal output is a list where the function returns a tuple.

JAX compares the two structures when it has traced the primal function before running fwd, as
when ``jax.grad`` differentiates a ``jax.jit``-compiled function that calls the custom_vjp.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def stats(x):
    return x.mean(), x.var()


def stats_fwd(x):
    return [x.mean(), x.var()], x


def stats_bwd(x, g):
    g_mean, g_var = g
    n = x.shape[0]
    return (g_mean / n + g_var * 2 * (x - x.mean()) / n,)


stats.defvjp(stats_fwd, stats_bwd)
jax.grad(jax.jit(lambda x: stats(x)[0]))(jnp.arange(4.0))
