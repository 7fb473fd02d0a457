"""The middle element of a sorted array, its position computed with true division."""
# corpus: label=positive styles=direct batch=s32

import jax.numpy as jnp

values = jnp.sort(jnp.array([3.0, 1.0, 4.0, 1.0, 5.0]))
middle = len(values) / 2
print(values[middle])  # expect: index-not-integer
