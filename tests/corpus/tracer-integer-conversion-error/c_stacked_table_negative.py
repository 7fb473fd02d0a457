# corpus: label=negative styles=return,transform batch=c
"""The discount table is a jnp array, which a traced index may select from."""

import jax.numpy as jnp
from jax import lax

DISCOUNTS = jnp.array([1.0, 0.9, 0.81, 0.729])


def discounted(total, step):
    return total + DISCOUNTS[step], None


print(lax.scan(discounted, 0.0, jnp.arange(4)))
