# corpus: label=positive styles=parameter,helper
import jax.numpy as jnp
from jax import lax


def cumulative(step, init, xs):
    return lax.scan(step, init, xs)  # expect: function-argument-not-callable


def add(carry, x):
    carry = carry + x
    return carry, carry


xs = jnp.arange(4.0)
cumulative(add(0.0, 1.0), 0.0, xs)
