"""Each row of the scanned data holds a position and a value, so the position is a float."""
# corpus: label=positive styles=transform batch=s32

import jax
import jax.numpy as jnp


def step(table, row):
    position, value = row[0], row[1]
    return table, table[position] * value  # expect: index-not-integer


data = jnp.array([[0.0, 1.5], [1.0, 2.5]])
print(jax.lax.scan(step, jnp.ones(3), data))
