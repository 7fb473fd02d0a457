"""The sampler's step counter is an int32 array, a valid seed."""
# corpus: label=negative styles=method,attribute

import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self):
        self.step = jnp.zeros((), jnp.int32)

    def key(self):
        return jax.random.PRNGKey(self.step)


Sampler().key()
