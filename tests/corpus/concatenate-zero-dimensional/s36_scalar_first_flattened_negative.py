"""A state vector prefixed with a scalar time, flattened with axis=None."""

# corpus: label=negative styles=attribute batch=s36
import jax.numpy as jnp


class State:
    def __init__(self):
        self.time = jnp.array(0.0)
        self.position = jnp.zeros(3)

    def flat(self):
        return jnp.concatenate([self.time, self.position], axis=None)


State().flat()
