"""A staticmethod over a jitted function: nothing is bound, the array is the only argument."""
# corpus: label=negative styles=method,attribute batch=s31

import jax
import jax.numpy as jnp


class Grid:
    @staticmethod
    @jax.jit
    def ones_like(x):
        return jnp.ones_like(x)


print(Grid.ones_like(jnp.zeros(3)))
