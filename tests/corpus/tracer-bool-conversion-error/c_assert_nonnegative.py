# corpus: label=positive styles=helper,parameter batch=c
"""An input check with assert inside a jitted density function."""

import jax
import jax.numpy as jnp


def check_rates(rates):
    assert jnp.all(rates > 0), "rates must be positive"  # expect: tracer-bool-conversion-error
    return rates


@jax.jit
def exponential_logpdf(x, rates):
    rates = check_rates(rates)
    return jnp.log(rates) - rates * x


print(exponential_logpdf(jnp.ones(2), jnp.array([0.5, 2.0])))
