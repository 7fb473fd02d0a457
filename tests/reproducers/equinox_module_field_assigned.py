"""A field of an equinox Module set in a method, after ``__init__`` returned: the module is a
frozen dataclass, so the assignment raises FrozenInstanceError (equinox 0.13.8)."""

import equinox as eqx
import jax
import jax.numpy as jnp


class Counter(eqx.Module):
    count: jax.Array

    def __init__(self):
        self.count = jnp.zeros(())

    def increment(self):
        self.count = self.count + 1


Counter().increment()
