# realbug: jax-flows-12-ops-index-update-made-mask
# source: https://github.com/ChrisWaites/jax-flows/issues/12
# kind: removed-name
# raises: AttributeError: module 'jax.ops' has no attribute 'index_update'
# jax-flows' made.py built MADE's autoregressive masks with `jax.ops.index_update` (deprecated
# in 0.2.22, removed in 0.3.2); the mask construction is reduced to the lower triangle.
import jax
import jax.numpy as np


def get_input_mask(input_dim):
  mask = np.zeros((input_dim, input_dim))
  for i in range(input_dim):
    mask = jax.ops.index_update(mask, jax.ops.index[i, :i], 1.0)  # BUG
  return mask


print(get_input_mask(4))
