"""The bounds of a range passed as one list, as to a slice helper."""
# corpus: label=positive styles=direct batch=s33

import jax.numpy as jnp

bounds = [2, 7]
window = jnp.arange(bounds)  # expect: list-as-array-argument
print(window)
