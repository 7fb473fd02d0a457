"""A probe run on the TPU (its outcome is in tpu-v5e-jax-0.10.2.json as probe/...): an
in-kernel reshape across the last two (tiled) dimensions."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 64)


x = jnp.ones((8, 128), jnp.float32)
print(pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((16, 64), x.dtype), interpret=True)(x).sum())
