"""A pytree keeps its exponent in the aux data, so `if self.n == 0` in its jitted method is static."""
# corpus: label=negative styles=method,attribute
# realcode: cause D

import jax
import jax.numpy as jnp
from jax import tree_util


@tree_util.register_pytree_node_class
class Power:
    def __init__(self, n):
        self.n = n

    @jax.jit
    def apply(self, x):
        if self.n == 0:
            return jnp.ones_like(x)
        return x**self.n

    def tree_flatten(self):
        return [], {"n": self.n}

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(**aux)
