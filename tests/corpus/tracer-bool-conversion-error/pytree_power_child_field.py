"""The exponent is a child (a leaf) of the pytree, so under jit `if self.n == 0` tests a tracer."""
# corpus: label=positive styles=method,attribute
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
        if self.n == 0:  # expect: tracer-bool-conversion-error
            return jnp.ones_like(x)
        return x**self.n

    def tree_flatten(self):
        return [self.n], None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


Power(2).apply(jnp.arange(3.0))
