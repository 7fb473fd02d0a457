"""A physics model's energy method returns per-particle energies; forces take grad of it."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Springs:
    def __init__(self, stiffness):
        self.stiffness = stiffness

    def energy(self, positions):
        return 0.5 * self.stiffness * (positions**2).sum(axis=-1)

    def forces(self, positions):
        return -jax.grad(self.energy)(positions)  # expect: grad-non-scalar-output


print(Springs(2.0).forces(jnp.ones((5, 3))))
