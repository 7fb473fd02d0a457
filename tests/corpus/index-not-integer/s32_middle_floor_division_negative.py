"""The middle position is computed with floor division: an int."""
# corpus: label=negative styles=direct batch=s32

import jax.numpy as jnp

values = jnp.sort(jnp.array([3.0, 1.0, 4.0, 1.0, 5.0]))
middle = len(values) // 2
print(values[middle])
