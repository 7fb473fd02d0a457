# realbug: jax-flows-12-ops-index-update-made-mask (fixed)
# source: https://github.com/ChrisWaites/jax-flows/issues/12
import jax
import jax.numpy as np


def get_input_mask(input_dim):
  mask = np.zeros((input_dim, input_dim))
  for i in range(input_dim):
    mask = mask.at[i, :i].set(1.0)
  return mask


print(get_input_mask(4))
