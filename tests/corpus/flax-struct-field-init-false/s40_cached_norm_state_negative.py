"""The same state with the count a regular field with a default: __init__ takes it."""

# corpus: label=negative styles=module batch=s40

import jax.numpy as jnp
from flax import struct


@struct.dataclass
class NormState:
    mean: jnp.ndarray
    var: jnp.ndarray
    count: int = struct.field(pytree_node=False, default=0)


state = NormState(jnp.zeros(3), jnp.ones(3)).replace(count=1)
print(state.count)
