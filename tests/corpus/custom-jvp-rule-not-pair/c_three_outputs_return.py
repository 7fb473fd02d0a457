# corpus: label=positive styles=return batch=c
"""The rule returns the primal, the tangent and an auxiliary value: three, not a pair."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    out = log1pexp(x)
    slope = jax.nn.sigmoid(x)
    return out, slope * x_dot, slope  # expect: custom-jvp-rule-not-pair


def objective(theta):
    return jnp.sum(log1pexp(theta * jnp.arange(3.0)))


print(jax.value_and_grad(objective)(0.5))
