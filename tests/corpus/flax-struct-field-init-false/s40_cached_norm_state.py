"""A training state as a flax struct dataclass, with a derived count meant to be filled in
after construction (declared init=False, as a standard dataclass allows)."""

# corpus: label=positive styles=module batch=s40

import dataclasses

import jax.numpy as jnp
from flax import struct


@struct.dataclass  # expect: flax-struct-field-init-false
class NormState:
    mean: jnp.ndarray
    var: jnp.ndarray
    count: int = dataclasses.field(init=False, default=0)


state = NormState(jnp.zeros(3), jnp.ones(3))
print(state)
