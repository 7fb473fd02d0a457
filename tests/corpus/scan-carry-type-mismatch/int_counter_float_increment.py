"""A running sum whose carry starts as an int32 array and accumulates floats."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def cumulative(values, start):
    def step(total, v):
        total = total + v
        return total, total

    return lax.scan(step, start, values)  # expect: scan-carry-type-mismatch


print(cumulative(jnp.linspace(0.0, 1.0, 5), jnp.array(0, dtype=jnp.int32)))
