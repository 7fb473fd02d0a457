"""dataclass(unsafe_hash=True) adds a __hash__ even over the class's own __eq__: self is a valid static argument."""

# corpus: label=negative styles=method,attribute batch=s33
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(unsafe_hash=True, eq=False)
class Model:
    scale: float = 2.0

    def __eq__(self, other):
        return isinstance(other, Model) and self.scale == other.scale

    @functools.partial(jax.jit, static_argnums=(0,))
    def predict(self, x):
        return x * self.scale


Model().predict(jnp.ones(3))
