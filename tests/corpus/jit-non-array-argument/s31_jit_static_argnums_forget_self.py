"""`static_argnums=(1,)` on a method meant its flag, but jit counts `self` too: `self` is
traced, and jit cannot trace the instance."""
# corpus: label=positive styles=method,parameter batch=s31

from functools import partial

import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @partial(jax.jit, static_argnums=(2,))
    def scale(self, x, negate):
        return -x * self.factor if negate else x * self.factor


print(Scaler(2.0).scale(jnp.ones(3), True))  # expect: jit-non-array-argument
