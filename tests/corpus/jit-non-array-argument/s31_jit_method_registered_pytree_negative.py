"""The class registers itself as a pytree after its definition: jit flattens the instance
into its array, so the jitted method traces it fine."""
# corpus: label=negative styles=method batch=s31

import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, w):
        self.w = w

    @jax.jit
    def apply(self, x):
        return x @ self.w


jax.tree_util.register_pytree_node(Linear, lambda m: ((m.w,), None), lambda _, c: Linear(*c))

print(Linear(jnp.ones((3, 2))).apply(jnp.ones((4, 3))))
