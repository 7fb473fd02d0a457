# corpus: label=negative styles=helper batch=c
"""fwd returns what a helper computes, and this helper returns the output with residuals."""

import jax
import jax.numpy as jnp


def _logsumexp_with_residuals(x):
    m = jnp.max(x)
    out = m + jnp.log(jnp.sum(jnp.exp(x - m)))
    return out, x


@jax.custom_vjp
def logsumexp(x):
    return _logsumexp_with_residuals(x)[0]


def logsumexp_fwd(x):
    return _logsumexp_with_residuals(x)


def logsumexp_bwd(x, g):
    return (g * jax.nn.softmax(x),)


logsumexp.defvjp(logsumexp_fwd, logsumexp_bwd)
print(jax.grad(logsumexp)(jnp.array([1.0, 2.0, 3.0])))
