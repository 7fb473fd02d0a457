# corpus: label=positive styles=direct batch=s39
"""The NumPy causal table masks the scores under a flag that is set: it meets the traced
scores and the kernel captures it."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

BLOCK = 8
CAUSAL = np.tril(np.ones((BLOCK, BLOCK), dtype=bool))
MASKED = True


def scores_kernel(q_ref, k_ref, o_ref):
    s = jnp.dot(q_ref[...], k_ref[...].T)
    if MASKED:
        s = jnp.where(CAUSAL, s, -1e30)  # expect: pallas-kernel-captures-array
    o_ref[...] = s


q = jnp.ones((BLOCK, 128), jnp.float32)
out = pl.pallas_call(
    scores_kernel,
    out_shape=jax.ShapeDtypeStruct((BLOCK, BLOCK), jnp.float32),
    interpret=True,
)(q, q)
print(out.sum())
