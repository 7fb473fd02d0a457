# corpus: label=positive styles=parameter,return batch=pallas
"""A matmul factory takes the output dtype as a parameter, accumulates in float32 and stores
the accumulator as it is."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_matmul(out_dtype):
    def matmul_kernel(x_ref, y_ref, o_ref):
        acc = jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)
        o_ref[...] = acc  # expect: pallas-store-dtype-mismatch

    def run(x, y):
        return pl.pallas_call(
            matmul_kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), out_dtype),
            interpret=True,
        )(x, y)

    return run


x = jnp.ones((8, 128), jnp.bfloat16)
print(make_matmul(jnp.bfloat16)(x, jnp.ones((128, 128), jnp.bfloat16)).astype(jnp.float32).sum())
