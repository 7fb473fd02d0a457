"""An equinox module's __init__ calls a helper method that sets its fields: allowed during initialisation."""
# corpus: label=negative styles=helper,method

import equinox as eqx
import jax
import jax.numpy as jnp


class Affine(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __init__(self, size, key):
        self._initialise(size, key)

    def _initialise(self, size, key):
        self.weight = jax.random.normal(key, (size, size))
        self.bias = jnp.zeros(size)

    def __call__(self, x):
        return self.weight @ x + self.bias


layer = Affine(3, jax.random.PRNGKey(0))
print(layer(jnp.ones(3)))
