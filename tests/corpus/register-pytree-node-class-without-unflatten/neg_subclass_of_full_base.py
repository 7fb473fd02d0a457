"""A state class registered as a pytree inherits both halves of the protocol from its base."""
# corpus: label=negative styles=attribute

import jax


class Flattenable:
    fields = ()

    def tree_flatten(self):
        return tuple(getattr(self, name) for name in self.fields), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


@jax.tree_util.register_pytree_node_class
class TrainState2(Flattenable):
    fields = ("step", "params")

    def __init__(self, step, params):
        self.step = step
        self.params = params
