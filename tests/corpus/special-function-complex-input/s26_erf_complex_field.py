"""An equinox-like module stores a complex phase as a field and passes it through `jax.scipy.special.erf` in `__call__`."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp
from jax.scipy import special


class PhaseGate:
    def __init__(self, n):
        self.phase = jnp.exp(1j * jnp.linspace(0.0, 1.0, n))

    def __call__(self, x):
        return x * special.erf(self.phase)  # expect: special-function-complex-input


print(PhaseGate(4)(jnp.ones(4)))
