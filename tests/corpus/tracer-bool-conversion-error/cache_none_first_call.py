"""A neighbour finder allocates eagerly when it has no previous list, and updates under jit when it has."""
# corpus: label=negative styles=method,parameter
# realcode: cause H

import jax
import jax.numpy as jnp


class NeighborFinder:
    def __init__(self, cutoff):
        self.cutoff = cutoff

    def __call__(self, positions, previous=None):
        d = jnp.linalg.norm(positions[:, None] - positions[None, :], axis=-1)
        within = d < self.cutoff
        if previous is None:
            if jnp.any(jnp.isnan(d)):
                raise ValueError("positions contain NaN")
            capacity = int(within.sum(axis=1).max())
            return jnp.argsort(~within, axis=1)[:, :capacity]
        return jnp.argsort(~within, axis=1)[:, : previous.shape[1]]


finder = NeighborFinder(cutoff=1.5)
positions = jnp.array([[0.0, 0.0], [1.0, 0.0], [3.0, 0.0]])
neighbors = finder(positions)
update = jax.jit(finder.__call__)
for _ in range(2):
    positions = positions + 0.1
    neighbors = update(positions, neighbors)
