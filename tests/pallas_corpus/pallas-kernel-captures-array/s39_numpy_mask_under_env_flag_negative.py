# corpus: label=negative styles=direct batch=s39
"""A NumPy causal table masks the scores only under an environment flag that is off when the
kernel runs: the NumPy array never meets a tracer, and nothing is captured."""

import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

BLOCK = 8
CAUSAL = np.tril(np.ones((BLOCK, BLOCK), dtype=bool))
MASKED = os.environ.get("KERNEL_CAUSAL", "0") == "1"


def scores_kernel(q_ref, k_ref, o_ref):
    s = jnp.dot(q_ref[...], k_ref[...].T)
    if MASKED:
        s = jnp.where(CAUSAL, s, -1e30)
    o_ref[...] = s


q = jnp.ones((BLOCK, 128), jnp.float32)
out = pl.pallas_call(
    scores_kernel,
    out_shape=jax.ShapeDtypeStruct((BLOCK, BLOCK), jnp.float32),
    interpret=True,
)(q, q)
print(out.sum())
