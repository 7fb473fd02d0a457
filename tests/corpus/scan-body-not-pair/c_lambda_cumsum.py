# corpus: label=positive styles=return batch=c
"""A running sum written with a lambda body that returns only the new carry."""

import jax.numpy as jnp
from jax import lax

rewards = jnp.array([1.0, 0.0, 2.0, 1.0])
total, _ = lax.scan(
    lambda acc, r: acc + r,  # expect: scan-body-not-pair
    0.0,
    rewards,
)
print(total)
