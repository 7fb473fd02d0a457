"""A library helper registers the classes given to it; one of them lacks tree_unflatten."""
# corpus: label=positive styles=helper,parameter

from jax.tree_util import register_pytree_node_class


def pytree(cls):
    return register_pytree_node_class(cls)  # expect: register-pytree-node-class-without-unflatten


@pytree
class Counter:
    def __init__(self, count):
        self.count = count

    def tree_flatten(self):
        return (self.count,), None
