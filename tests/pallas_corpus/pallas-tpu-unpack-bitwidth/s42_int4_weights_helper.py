# corpus: label=positive styles=helper batch=s42
"""An int4 weight-only kernel unpacks its weights in a helper; the weights come packed two per
int8 byte, and unpacking them to int32 needs 32-bit words (eight int4 in a uint32)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def low_nibbles(words):
    return pltpu.unpack_elementwise(  # expect: pallas-tpu-unpack-bitwidth
        words, index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )


def dequant(w_ref, s_ref, o_ref):
    o_ref[...] = low_nibbles(w_ref[...]).astype(jnp.float32) * s_ref[...]


w = jnp.ones((8, 128), jnp.int8)
scale = jnp.full((8, 128), 0.5, jnp.float32)
out = pl.pallas_call(
    dequant, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True
)(w, scale)
print(out.sum())
