"""A library helper registers the classes given to it, each with both halves of the protocol."""
# corpus: label=negative styles=helper,parameter

from jax.tree_util import register_pytree_node_class


def pytree(cls):
    return register_pytree_node_class(cls)


@pytree
class Counter2:
    def __init__(self, count):
        self.count = count

    def tree_flatten(self):
        return (self.count,), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)
