"""Raises TypeError: a custom_jvp rule returns only the tangent, not (primal_out, tangent_out)."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jax.nn.sigmoid(x) * t


jax.grad(softplus)(jnp.float32(1.0))
