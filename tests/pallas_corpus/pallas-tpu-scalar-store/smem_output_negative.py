# corpus: label=negative styles=helper batch=pallas
"""Scalars go to SMEM: the kernel's grid index is stored into an SMEM output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def index_kernel(x_ref, o_ref):
    del x_ref
    o_ref[0] = pl.program_id(0)


def last_index(x):
    return pl.pallas_call(
        index_kernel,
        out_shape=jax.ShapeDtypeStruct((1,), jnp.int32),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
        interpret=True,
    )(x)


print(last_index(jnp.zeros((16, 128), jnp.int32)))
