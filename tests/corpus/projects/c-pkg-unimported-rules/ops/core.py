"""The operations; their VJP rules live in ops/rules.py."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, limit=1.0):  # expect: custom-vjp-without-defvjp
    return x


def norm(x):
    return jnp.sqrt(jnp.sum(x * x))
