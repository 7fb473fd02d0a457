"""`jnp.split` returns a Python list of arrays, so `parts[1] -= 10` rebinds a list element."""
# corpus: label=negative styles=direct
# realcode: cause I

import jax.numpy as jnp

parts = jnp.split(jnp.arange(6), [2, 4])
parts[1] -= 10
