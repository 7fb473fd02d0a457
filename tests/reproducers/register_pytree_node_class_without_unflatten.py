"""Raises AttributeError: register_pytree_node_class on a class with no tree_unflatten."""

import jax


@jax.tree_util.register_pytree_node_class
class Box:
    def __init__(self, value):
        self.value = value

    def tree_flatten(self):
        return (self.value,), None
