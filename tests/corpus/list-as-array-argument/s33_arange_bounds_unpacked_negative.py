"""The bounds of a range unpacked into start and stop."""
# corpus: label=negative styles=direct batch=s33

import jax.numpy as jnp

bounds = [2, 7]
window = jnp.arange(*bounds)
print(window)
