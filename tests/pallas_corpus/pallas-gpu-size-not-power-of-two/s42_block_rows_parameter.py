# corpus: label=positive styles=parameter batch=s42
"""A launcher takes the block's rows as a parameter and is called with 48: each (48, 32) block
is loaded whole, and 1,536 elements are not a power of 2."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]  # expect: pallas-gpu-size-not-power-of-two


def blocked_copy(x, rows):
    spec = pl.BlockSpec((rows, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(
        copy,
        grid=(x.shape[0] // rows,),
        in_specs=[spec],
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=plgpu.CompilerParams(num_warps=4),
        interpret=True,
    )(x)


print(blocked_copy(jnp.ones((96, 32), jnp.float32), 48).sum())
