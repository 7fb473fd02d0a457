"""A grid built with `jnp.zeros` gets one cell set in place, NumPy style."""
# corpus: label=positive styles=direct

import jax.numpy as jnp

grid = jnp.zeros((3, 3))
grid[1, 1] = 1.0  # expect: immutable-array-item-assignment
print(grid)
