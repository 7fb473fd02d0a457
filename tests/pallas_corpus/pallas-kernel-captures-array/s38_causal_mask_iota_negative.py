# corpus: label=negative styles=direct batch=s38
"""The causal mask built in the kernel from iotas; the NumPy table is read on the host only,
for its size."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl

BLOCK = 8
CAUSAL = np.tril(np.ones((BLOCK, BLOCK), dtype=bool))


def masked_scores_kernel(q_ref, k_ref, o_ref):
    s = jnp.dot(q_ref[...], k_ref[...].T)
    rows = lax.broadcasted_iota(jnp.int32, (CAUSAL.shape[0], BLOCK), 0)
    cols = lax.broadcasted_iota(jnp.int32, (BLOCK, BLOCK), 1)
    o_ref[...] = jnp.where(cols <= rows, s, -1e30 * float(CAUSAL.sum() > 0))


q = jnp.ones((BLOCK, 128), jnp.float32)
out = pl.pallas_call(
    masked_scores_kernel,
    out_shape=jax.ShapeDtypeStruct((BLOCK, BLOCK), jnp.float32),
    interpret=True,
)(q, q)
print(out.sum())
