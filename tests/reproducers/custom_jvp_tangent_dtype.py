"""Raises TypeError: a custom_jvp rule's tangent output has a different shape from the primal's."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def norm(x):
    return jnp.sqrt(jnp.sum(x * x))


@norm.defjvp
def norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = norm(x)
    return out, x * t / out


jax.jvp(norm, (jnp.ones(3),), (jnp.ones(3),))
