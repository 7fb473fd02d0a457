"""The same reference code on `jnp` arrays: `jnp.argmax(...).astype(...)` is a jax.Array and cannot be written."""
# corpus: label=positive styles=direct
# realcode: cause E

import jax.numpy as jnp

x = jnp.arange(4)
out = jnp.argmax(x[:, None] > 1, axis=-1).astype(x.dtype)
out[x == 0] = 7  # expect: immutable-array-item-assignment
