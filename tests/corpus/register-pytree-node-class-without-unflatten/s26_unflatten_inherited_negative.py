"""The registered class inherits `tree_unflatten` from a base module class, which the decorator finds."""
# corpus: label=negative styles=attribute,method batch=s26

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


class Module:
    def tree_flatten(self):
        return tuple(self.__dict__.values()), tuple(self.__dict__)

    @classmethod
    def tree_unflatten(cls, names, children):
        obj = object.__new__(cls)
        obj.__dict__.update(zip(names, children))
        return obj


@register_pytree_node_class
class Linear(Module):
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def __call__(self, x):
        return x @ self.w + self.b


layer = Linear(jnp.ones((2, 2)), jnp.zeros(2))
print(jax.jit(lambda m, x: m(x))(layer, jnp.ones(2)))
