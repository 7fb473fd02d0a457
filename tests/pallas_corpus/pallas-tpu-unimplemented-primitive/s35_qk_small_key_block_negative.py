# corpus: label=negative styles=direct batch=s35
"""q (256, 128) times a 16-row key block transposed (jax#18388: refused by old Mosaic)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(q_ref, k_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        q_ref[...], k_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


q = jnp.ones((256, 128), jnp.float32)
k = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((256, 16), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(q, k)
print(out.sum())
