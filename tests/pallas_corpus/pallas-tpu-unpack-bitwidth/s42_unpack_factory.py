# corpus: label=positive styles=return batch=s42
"""A factory returns a kernel unpacking one int8 element of each bfloat16 word into float32:
16-bit words cannot hold a 32-bit unpacked value."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_unpack(index):
    def unpack(w_ref, o_ref):
        o_ref[...] = pltpu.unpack_elementwise(  # expect: pallas-tpu-unpack-bitwidth
            w_ref[...], index=index, packed_dtype=jnp.float8_e4m3fn, unpacked_dtype=jnp.float32
        )

    return unpack


w = jnp.ones((8, 128), jnp.bfloat16)
out = pl.pallas_call(
    make_unpack(1), out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True
)(w)
print(out.sum())
