"""A jitted method of an equinox Module marks self static: the module hashes its array field."""
# corpus: label=positive styles=method,attribute batch=s32

from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


class Energy(eqx.Module):
    coupling: jax.Array

    @partial(jax.jit, static_argnums=0)
    def __call__(self, spins):
        return -0.5 * spins @ self.coupling @ spins


model = Energy(jnp.eye(3))
print(model(jnp.ones(3)))  # expect: jit-unhashable-static-argument
