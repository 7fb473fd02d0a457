"""A point class registered as a pytree with its tree_unflatten classmethod."""
# corpus: label=negative styles=direct

from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Point3:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return (self.x, self.y), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)
