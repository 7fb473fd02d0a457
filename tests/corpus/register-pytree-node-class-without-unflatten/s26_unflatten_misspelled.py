"""A pytree class registered with `register_pytree_node_class` whose unflatten classmethod is misspelled `tree_unflat`."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class  # expect: register-pytree-node-class-without-unflatten
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def tree_flatten(self):
        return (self.w, self.b), None

    @classmethod
    def tree_unflat(cls, aux, children):
        return cls(*children)

    def __call__(self, x):
        return x @ self.w + self.b


print(Linear(jnp.ones((2, 2)), jnp.zeros(2))(jnp.ones(2)))
