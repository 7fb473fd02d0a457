"""Both inputs are mapped over their first axis, which has 10 entries in each."""
# corpus: label=negative styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Kernel:
    def __init__(self, gamma):
        self.gamma = gamma

    def pair(self, a, b):
        return jnp.sum(a) + self.gamma * jnp.sum(b)

    def gram(self, X, U):
        return jax.vmap(self.pair, in_axes=(0, 0))(X, U)


print(Kernel(0.5).gram(jnp.ones((10, 4)), jnp.ones((10, 2))))
