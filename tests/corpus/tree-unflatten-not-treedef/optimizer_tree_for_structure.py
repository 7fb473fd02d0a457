"""An optimizer rebuilds its state from new leaves, passing the old state where its structure
goes."""
# corpus: label=positive styles=method,attribute

import jax


class Optimizer:
    def __init__(self, state):
        self.state = state

    def replace_leaves(self, leaves):
        return jax.tree.unflatten(self.state, leaves)  # expect: tree-unflatten-not-treedef


Optimizer((1.0, 2.0)).replace_leaves([3.0, 4.0])
