# corpus: label=positive styles=helper batch=pallas
"""A TPU kernel records its grid index in the corner of each output block: a scalar store
into a VMEM Ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def mark_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = pl.program_id(0)  # expect: pallas-tpu-scalar-store


def mark(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        mark_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x)


print(mark(jnp.zeros((16, 128), jnp.int32)).sum())
