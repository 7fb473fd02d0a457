"""Raises ValueError: a TPU kernel unpacks int4 weights packed in int8 words into int32 values;
the words must be as wide as the unpacked values.  The primitive's shape rule refuses it while
the kernel is traced, on every backend: `jax.eval_shape` of the launch raises it on the CPU (running it
would need a TPU, since the unpack lowers only for one)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def unpack(w_ref, o_ref):
    o_ref[...] = pltpu.unpack_elementwise(
        w_ref[...], index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )


w = jnp.ones((8, 128), jnp.int8)
call = pl.pallas_call(unpack, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))
jax.eval_shape(call, w)
