# corpus: label=positive styles=direct batch=s35
"""A vector-vector dot of two 1-D blocks (jax#26013)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(u_ref, v_ref, o_ref):
    d = jnp.dot(u_ref[...], v_ref[...])  # expect: pallas-tpu-unimplemented-primitive
    o_ref[...] = jnp.broadcast_to(d, o_ref.shape)


u = jnp.ones((128,), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(u, u)
print(out.sum())
