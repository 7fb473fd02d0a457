"""A state vector prefixed with a scalar time held on an object."""

# corpus: label=positive styles=attribute batch=s36
import jax.numpy as jnp


class State:
    def __init__(self):
        self.time = jnp.array(0.0)
        self.position = jnp.zeros(3)

    def flat(self):
        return jnp.concatenate([self.time, self.position])  # expect: concatenate-zero-dimensional


State().flat()
