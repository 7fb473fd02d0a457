"""A sampler keeps a float step counter as an array and re-seeds from it."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self):
        self.step = jnp.zeros(())

    def key(self):
        return jax.random.PRNGKey(self.step)  # expect: random-seed-not-integer


Sampler().key()
