"""An optimizer rebuilds its state from new leaves with the state's structure."""
# corpus: label=negative styles=method,attribute

import jax


class Optimizer:
    def __init__(self, state):
        self.state = state

    def replace_leaves(self, leaves):
        return jax.tree.unflatten(jax.tree.structure(self.state), leaves)


Optimizer((1.0, 2.0)).replace_leaves([3.0, 4.0])
