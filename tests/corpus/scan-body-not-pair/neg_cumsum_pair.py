"""The running-sum body fixed: it returns (new_total, new_total)."""
# corpus: label=negative styles=direct

import jax.numpy as jnp
from jax import lax


def running_total(total, x):
    total = total + x
    return total, total


final, totals = lax.scan(running_total, 0.0, jnp.arange(5.0))
print(final, totals)
