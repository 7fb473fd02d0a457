# corpus: label=negative styles=helper batch=s42
"""The same int4 weights packed eight to a uint32 word, unpacked to int32: the shapes check
(`jax.eval_shape` traces the kernel; the unpack lowers only for a TPU)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def low_nibbles(words):
    return pltpu.unpack_elementwise(words, index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32)


def dequant(w_ref, s_ref, o_ref):
    o_ref[...] = low_nibbles(w_ref[...]).astype(jnp.float32) * s_ref[...]


w = jnp.ones((8, 128), jnp.uint32)
scale = jnp.full((8, 128), 0.5, jnp.float32)
call = pl.pallas_call(dequant, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))
print(jax.eval_shape(call, w, scale))
