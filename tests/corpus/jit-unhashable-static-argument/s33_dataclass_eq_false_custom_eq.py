"""A dataclass(eq=False) keeps the None hash its own __eq__ made: self as a static argument raises."""

# corpus: label=positive styles=method,attribute batch=s33
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(eq=False)
class Model:
    scale: float = 2.0

    def __eq__(self, other):
        return isinstance(other, Model) and self.scale == other.scale

    @functools.partial(jax.jit, static_argnums=(0,))
    def predict(self, x):
        return x * self.scale


Model().predict(jnp.ones(3))  # expect: jit-unhashable-static-argument
