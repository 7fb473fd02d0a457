# corpus: label=negative styles=direct batch=pallas
"""The (8, 128) -> (16, 64) regrouping in a kernel that says nothing of a TPU."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def regroup_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 64) * 2.0


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        regroup_kernel, out_shape=jax.ShapeDtypeStruct((16, 64), x.dtype), interpret=True
    )(x).sum()
)
