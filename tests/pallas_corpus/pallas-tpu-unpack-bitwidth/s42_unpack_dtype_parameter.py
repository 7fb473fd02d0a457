# corpus: label=positive styles=parameter batch=s42
"""A launcher takes the unpacked dtype as a parameter and is called with int32 for weights
stored as int16 words: the bit widths differ."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def unpack(w_ref, o_ref, *, to):
    o_ref[...] = pltpu.unpack_elementwise(  # expect: pallas-tpu-unpack-bitwidth
        w_ref[...], index=0, packed_dtype=jnp.int8, unpacked_dtype=to
    )


def unpacked(w, to):
    return pl.pallas_call(
        functools.partial(unpack, to=to),
        out_shape=jax.ShapeDtypeStruct(w.shape, to),
        interpret=True,
    )(w)


print(unpacked(jnp.ones((8, 128), jnp.int16), jnp.int32).sum())
