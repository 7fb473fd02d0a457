"""A helper marks a module as trained by setting a flag on the module it is given."""
# corpus: label=positive styles=helper,parameter

import equinox as eqx
import jax.numpy as jnp


class Normaliser(eqx.Module):
    mean: jnp.ndarray
    trained: bool = False

    def __call__(self, x):
        return x - self.mean


def mark_trained(module):
    module.trained = True  # expect: equinox-module-field-assigned
    return module


norm = mark_trained(Normaliser(jnp.zeros(3)))
print(norm(jnp.ones(3)))
