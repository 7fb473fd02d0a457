# realbug: transformers-25158-jnp-devicearray-state-restore
# source: https://github.com/huggingface/transformers/issues/25158
# kind: removed-name
# raises: AttributeError: module 'jax.numpy' has no attribute 'DeviceArray'
# Loading a Flax BART checkpoint: the restore helper tested each leaf against
# `jnp.DeviceArray` (removed in JAX 0.4.14). The helper is reduced to that test.
import jax
import jax.numpy as jnp
import numpy as np


def to_float32(state):
  def convert(leaf):
    if isinstance(leaf, jnp.DeviceArray):  # BUG
      return leaf.astype(jnp.float32)
    return leaf
  return jax.tree_util.tree_map(convert, state)


state = {"kernel": jnp.ones((2, 2), jnp.bfloat16), "step": np.int32(3)}
print(to_float32(state))
