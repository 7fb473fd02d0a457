"""A NumPy mask of the vocabulary's length passed to a jitted function and applied to logits."""
# corpus: label=negative styles=parameter batch=e

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def masked_logits(logits, mask):
    return jnp.where(mask > 0, logits, -1e9)


vocab_mask = np.ones(12)
masked_logits(jnp.zeros((4, 12)), vocab_mask)
