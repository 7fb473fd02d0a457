"""Raises ValueError: reverse-mode differentiation of a fori_loop whose trip count is traced.

Under ``jax.jit`` the bound ``n`` is a tracer, so fori_loop lowers to a while_loop, which has no
reverse-mode rule.
"""

import jax
import jax.numpy as jnp


def power(x, n):
    return jax.lax.fori_loop(0, n, lambda i, acc: acc * x, 1.0)


jax.jit(jax.grad(power))(jnp.float32(2.0), jnp.int32(3))
