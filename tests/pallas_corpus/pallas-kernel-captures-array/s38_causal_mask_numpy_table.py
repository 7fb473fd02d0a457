# corpus: label=positive styles=direct batch=s38
"""A causal attention block masks its scores with a NumPy lower-triangular table built at
module level (a constant the kernel captures once it meets the traced scores)."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

BLOCK = 8
CAUSAL = np.tril(np.ones((BLOCK, BLOCK), dtype=bool))


def masked_scores_kernel(q_ref, k_ref, o_ref):
    s = jnp.dot(q_ref[...], k_ref[...].T)
    o_ref[...] = jnp.where(CAUSAL, s, -1e30)  # expect: pallas-kernel-captures-array


q = jnp.ones((BLOCK, 128), jnp.float32)
out = pl.pallas_call(
    masked_scores_kernel,
    out_shape=jax.ShapeDtypeStruct((BLOCK, BLOCK), jnp.float32),
    interpret=True,
)(q, q)
print(out.sum())
