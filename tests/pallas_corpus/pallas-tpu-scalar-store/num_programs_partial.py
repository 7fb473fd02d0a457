# corpus: label=positive styles=parameter batch=pallas
"""A kernel given its grid axis through functools.partial writes num_programs(axis) into an
element of its VMEM output block."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def count_kernel(x_ref, o_ref, *, axis):
    o_ref[...] = x_ref[...]
    o_ref[1, 2] = pl.num_programs(axis)  # expect: pallas-tpu-scalar-store


def count(x, axis=0):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0), memory_space=pltpu.VMEM)
    return pl.pallas_call(
        functools.partial(count_kernel, axis=axis),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(count(jnp.zeros((16, 128), jnp.int32)).sum())
