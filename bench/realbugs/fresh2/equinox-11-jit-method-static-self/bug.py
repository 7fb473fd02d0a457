# realbug: equinox-11-jit-method-static-self
# source: https://github.com/patrick-kidger/equinox/issues/11
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments are not supported
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


class SimpleModule(eqx.Module):
    W: jax.Array

    @partial(jax.jit, static_argnums=0)
    def energy(self, x):
        return -0.5 * x @ self.W @ x


model = SimpleModule(jnp.ones((3, 3)))
print(model.energy(jnp.ones(3)))  # BUG
