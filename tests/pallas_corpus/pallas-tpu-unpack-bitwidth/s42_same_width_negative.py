# corpus: label=negative styles=parameter batch=s42
"""int8 elements unpacked from int16 words into int16 values: the widths match (traced with
`jax.eval_shape`; the unpack lowers only for a TPU)."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def unpack(w_ref, o_ref, *, to):
    o_ref[...] = pltpu.unpack_elementwise(
        w_ref[...], index=0, packed_dtype=jnp.int8, unpacked_dtype=to
    )


def unpacked_shape(w, to):
    call = pl.pallas_call(
        functools.partial(unpack, to=to), out_shape=jax.ShapeDtypeStruct(w.shape, to)
    )
    return jax.eval_shape(call, w)


print(unpacked_shape(jnp.ones((8, 128), jnp.int16), jnp.int16))
