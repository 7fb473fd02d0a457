"""A factory written as a classmethod over a jitted function: the class itself arrives as
jit's first argument."""
# corpus: label=positive styles=method,attribute batch=s31

import jax
import jax.numpy as jnp


class Grid:
    @classmethod
    @jax.jit
    def ones_like(x):
        return jnp.ones_like(x)


print(Grid.ones_like(jnp.zeros(3)))  # expect: jit-non-array-argument
