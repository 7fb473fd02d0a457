"""associative_scan's combine function returns one value: that is its contract."""
# corpus: label=negative styles=direct,helper

import jax.numpy as jnp
from jax import lax


def combine(a, b):
    return jnp.maximum(a, b)


print(lax.associative_scan(combine, jnp.array([0.1, 0.5, 0.3, 0.9, 0.2])))
print(lax.associative_scan(jnp.add, jnp.arange(6.0)))
