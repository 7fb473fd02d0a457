"""A state class registered as a pytree inherits tree_flatten from a base that never defined
tree_unflatten."""
# corpus: label=positive styles=attribute

import jax


class Flattenable:
    fields = ()

    def tree_flatten(self):
        return tuple(getattr(self, name) for name in self.fields), None


@jax.tree_util.register_pytree_node_class  # expect: register-pytree-node-class-without-unflatten
class TrainState(Flattenable):
    fields = ("step", "params")

    def __init__(self, step, params):
        self.step = step
        self.params = params
