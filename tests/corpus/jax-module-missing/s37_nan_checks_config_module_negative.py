"""The solver's module with the config object imported from jax itself (NaN checks on)."""

# corpus: label=negative styles=direct batch=s37

import jax.numpy as jnp
from jax import config

config.update("jax_debug_nans", True)


def stiffness(n):
    return jnp.eye(n) * 2.0 - jnp.eye(n, k=1) - jnp.eye(n, k=-1)


print(stiffness(4).dtype)
