# realbug: waymax-77-jax-tree-map-removed (fixed)
# source: https://github.com/waymo-research/waymax/pull/77
import jax
from jax import numpy as jnp


def update_by_mask(inputs, updates, mask: jax.Array):
  """Updates inputs by updates (with same struct) for masked values."""
  return jax.tree_util.tree_map(
      lambda x, y: jnp.where(mask, x, y), updates, inputs
  )


traj = {'x': jnp.zeros((4, 10)), 'y': jnp.zeros((4, 10)), 'valid': jnp.zeros((4, 10), bool)}
new = {'x': jnp.ones((4, 10)), 'y': jnp.ones((4, 10)), 'valid': jnp.ones((4, 10), bool)}
mask = jnp.arange(4)[:, None] < 2
traj = update_by_mask(traj, new, mask)
