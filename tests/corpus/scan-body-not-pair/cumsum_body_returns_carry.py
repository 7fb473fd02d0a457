"""A running-sum scan body returns only the new total, not (carry, y)."""
# corpus: label=positive styles=direct

import jax.numpy as jnp
from jax import lax


def running_total(total, x):
    return total + x  # expect: scan-body-not-pair


totals = lax.scan(running_total, 0.0, jnp.arange(5.0))
print(totals)
