"""Positions and values are scanned as two arrays, the positions of an integer dtype."""
# corpus: label=negative styles=transform batch=s32

import jax
import jax.numpy as jnp


def step(table, row):
    position, value = row
    return table, table[position] * value


positions = jnp.array([0, 1])
values = jnp.array([1.5, 2.5])
print(jax.lax.scan(step, jnp.ones(3), (positions, values)))
