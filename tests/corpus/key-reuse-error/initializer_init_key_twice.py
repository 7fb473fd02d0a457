"""A layer initializer stores the key it was built with and draws the weights and the bias from it."""
# corpus: label=positive styles=attribute,method
# realcode: lost true positive (self.key from __init__)

import jax
import jax.numpy as jnp
from jax import random


class DenseInit:
    def __init__(self, key, scale=1.0):
        self.key = key
        self.scale = scale

    def __call__(self, n_in, n_out):
        w = self.scale * random.normal(self.key, (n_in, n_out)) / jnp.sqrt(n_in)
        b = 0.01 * random.normal(self.key, (n_out,))  # expect: key-reuse-error
        return {"w": w, "b": b}


jax.config.update("jax_debug_key_reuse", True)
try:
    init = DenseInit(random.key(3))
    params = init(4, 2)
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
