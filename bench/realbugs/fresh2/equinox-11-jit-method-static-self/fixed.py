# realbug: equinox-11-jit-method-static-self (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/11
import equinox as eqx
import jax
import jax.numpy as jnp


class SimpleModule(eqx.Module):
    W: jax.Array

    @eqx.filter_jit
    def energy(self, x):
        return -0.5 * x @ self.W @ x


model = SimpleModule(jnp.ones((3, 3)))
print(model.energy(jnp.ones(3)))
