"""A NumPy mask of one length passed to a jitted function and applied to logits of another."""
# corpus: label=positive styles=parameter batch=e

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def masked_logits(logits, mask):
    return jnp.where(mask > 0, logits, -1e9)  # expect: incompatible-shapes-for-broadcasting


vocab_mask = np.ones(10)
masked_logits(jnp.zeros((4, 12)), vocab_mask)
