# corpus: label=negative styles=parameter batch=pallas
"""The same blocks with the scoped VMEM limit raised to 64 MiB."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def double(x, block_rows=1024):
    spec = pl.BlockSpec((block_rows, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // block_rows,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(
            dimension_semantics=("parallel",), vmem_limit_bytes=64 * 1024 * 1024
        ),
        interpret=True,
    )(x)


print(double(jnp.ones((2048, 2048), jnp.float32)).sum())
