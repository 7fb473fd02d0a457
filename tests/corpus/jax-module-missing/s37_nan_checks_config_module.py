"""A finite-element solver's module that turns on NaN checks through the old config module."""

# corpus: label=positive styles=direct batch=s37

import jax.numpy as jnp
from jax.config import config  # expect: jax-module-missing

config.update("jax_debug_nans", True)


def stiffness(n):
    return jnp.eye(n) * 2.0 - jnp.eye(n, k=1) - jnp.eye(n, k=-1)


print(stiffness(4).dtype)
