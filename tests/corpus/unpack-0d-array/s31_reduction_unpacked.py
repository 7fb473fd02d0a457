"""Bounds meant as (min, max) come from one reduction: a 0-d array is unpacked."""
# corpus: label=positive styles=direct batch=s31

import jax.numpy as jnp

values = jnp.array([3.0, -1.0, 4.0])
low, high = jnp.max(jnp.abs(values))  # expect: unpack-0d-array
print(low, high)
