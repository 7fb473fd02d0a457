"""Writing into an element of a piece of `jnp.split`: the piece is a jax.Array."""
# corpus: label=positive styles=return
# realcode: cause I

import jax.numpy as jnp

x = jnp.arange(6.0)
jnp.split(x, 2)[0][0] = 1.0  # expect: immutable-array-item-assignment
