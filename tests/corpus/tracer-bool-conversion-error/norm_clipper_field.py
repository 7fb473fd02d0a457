"""A pytree clipper whose `max_norm` leaf is traced under jit, compared in a Python `while`."""
# corpus: label=positive styles=attribute

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class NormClipper:
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def tree_flatten(self):
        return (self.max_norm,), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

    def __call__(self, g):
        norm = jnp.linalg.norm(g)
        while norm > self.max_norm:  # expect: tracer-bool-conversion-error
            g = g * 0.5
            norm = jnp.linalg.norm(g)
        return g


@jax.jit
def apply_update(clipper, params, grads):
    return params - 0.01 * clipper(grads)


clipper = NormClipper(jnp.float32(1.0))
params = apply_update(clipper, jnp.ones(4), jnp.full(4, 3.0))
