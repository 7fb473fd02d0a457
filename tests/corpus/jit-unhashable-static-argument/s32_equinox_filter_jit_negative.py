"""The module's method is compiled with eqx.filter_jit, which traces its arrays instead."""
# corpus: label=negative styles=method,attribute batch=s32

import equinox as eqx
import jax
import jax.numpy as jnp


class Energy(eqx.Module):
    coupling: jax.Array

    @eqx.filter_jit
    def __call__(self, spins):
        return -0.5 * spins @ self.coupling @ spins


model = Energy(jnp.eye(3))
print(model(jnp.ones(3)))
