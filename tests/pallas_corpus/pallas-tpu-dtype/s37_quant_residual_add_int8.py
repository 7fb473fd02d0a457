# corpus: label=positive styles=direct batch=s37
"""A w8a8-style quantized block adds its int8 residual to the int8 activations in the kernel
(the quantized matmul kernels of tpu-inference keep activations int8): the v5e has no int8
vector arithmetic."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BLOCK_ROWS = 32


def residual_add_kernel(x_ref, r_ref, o_ref):
    o_ref[...] = x_ref[...] + r_ref[...]  # expect: pallas-tpu-dtype


def residual_add(x, r):
    rows, cols = x.shape
    spec = pl.BlockSpec((BLOCK_ROWS, cols), lambda i: (i, 0))
    return pl.pallas_call(
        residual_add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // BLOCK_ROWS,),
        in_specs=[spec, spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x, r)


x = jnp.ones((128, 256), jnp.int8)
r = jnp.ones((128, 256), jnp.int8)
print(residual_add(x, r).astype(jnp.int32).sum())
