# realbug: waymax-77-jax-tree-map-removed
# source: https://github.com/waymo-research/waymax/pull/77
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_map'
# waymax's `update_by_mask` (datatypes/operations.py) as it was before the PR, which replaced
# `jax.tree_map` (removed in JAX 0.6.0) with `jax.tree_util.tree_map`; a dict of arrays stands
# for waymax's trajectory dataclass.
import jax
from jax import numpy as jnp


def update_by_mask(inputs, updates, mask: jax.Array):
  """Updates inputs by updates (with same struct) for masked values."""
  return jax.tree_map(  # BUG
      lambda x, y: jnp.where(mask, x, y), updates, inputs
  )


traj = {'x': jnp.zeros((4, 10)), 'y': jnp.zeros((4, 10)), 'valid': jnp.zeros((4, 10), bool)}
new = {'x': jnp.ones((4, 10)), 'y': jnp.ones((4, 10)), 'valid': jnp.ones((4, 10), bool)}
mask = jnp.arange(4)[:, None] < 2
traj = update_by_mask(traj, new, mask)
