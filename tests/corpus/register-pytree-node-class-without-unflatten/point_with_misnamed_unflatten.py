"""A point class registered as a pytree names its inverse "unflatten"."""
# corpus: label=positive styles=direct

from jax.tree_util import register_pytree_node_class


@register_pytree_node_class  # expect: register-pytree-node-class-without-unflatten
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return (self.x, self.y), None

    @classmethod
    def unflatten(cls, aux_data, children):
        return cls(*children)
