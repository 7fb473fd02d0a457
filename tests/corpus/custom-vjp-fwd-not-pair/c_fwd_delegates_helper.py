# corpus: label=positive styles=helper batch=c
"""fwd returns what a helper computes, and the helper returns the output alone."""

import jax
import jax.numpy as jnp


def _stable_logsumexp(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


@jax.custom_vjp
def logsumexp(x):
    return _stable_logsumexp(x)


def logsumexp_fwd(x):
    return _stable_logsumexp(x)  # expect: custom-vjp-fwd-not-pair


def logsumexp_bwd(x, g):
    return (g * jax.nn.softmax(x),)


logsumexp.defvjp(logsumexp_fwd, logsumexp_bwd)
print(jax.grad(logsumexp)(jnp.array([1.0, 2.0, 3.0])))
