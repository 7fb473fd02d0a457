"""A graph class keeps neighbour lists per node in __init__; a method turns them into an array, but the nodes have different degrees."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class Graph:
    def __init__(self):
        self.neighbours = [[1, 2], [0], [0, 1]]

    def adjacency_table(self):
        return jnp.asarray(self.neighbours)  # expect: array-ragged-nested-sequence


print(Graph().adjacency_table())
