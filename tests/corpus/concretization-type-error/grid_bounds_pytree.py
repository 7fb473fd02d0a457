"""A pytree grid keeps its bounds as leaves; under jit `jnp.arange(self.start, self.stop)` sees tracers."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Grid:
    def __init__(self, start, stop):
        self.start = start
        self.stop = stop

    def tree_flatten(self):
        return (self.start, self.stop), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

    def cells(self):
        return jnp.arange(self.start, self.stop)  # expect: concretization-type-error


@jax.jit
def occupancy(grid, weights):
    return weights[grid.cells()].sum()


occupancy(Grid(2, 5), jnp.ones(8))
