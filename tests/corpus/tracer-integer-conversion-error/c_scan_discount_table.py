# corpus: label=positive styles=return,transform batch=c
"""A scan over step indices looks up a discount in a Python list of floats."""

import jax.numpy as jnp
from jax import lax

DISCOUNTS = [1.0, 0.9, 0.81, 0.729]


def discounted(total, step):
    return total + DISCOUNTS[step], None  # expect: tracer-integer-conversion-error


print(lax.scan(discounted, 0.0, jnp.arange(4)))
