"""A jitted function stacks a (2, 3) block on top of a (2, 4) block."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


@jax.jit
def tile(top, bottom):
    return jnp.vstack([top, bottom])  # expect: concatenate-rank-mismatch


print(tile(jnp.ones((2, 3)), jnp.ones((2, 4))).shape)
