# realbug: transformers-25158-jnp-devicearray-state-restore (fixed)
# source: https://github.com/huggingface/transformers/issues/25158
import jax
import jax.numpy as jnp
import numpy as np


def to_float32(state):
  def convert(leaf):
    if isinstance(leaf, jax.Array):
      return leaf.astype(jnp.float32)
    return leaf
  return jax.tree_util.tree_map(convert, state)


state = {"kernel": jnp.ones((2, 2), jnp.bfloat16), "step": np.int32(3)}
print(to_float32(state))
