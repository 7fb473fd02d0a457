# corpus: label=positive styles=attribute,parameter batch=s36
"""A config object keeps the compiler params as a dict attribute."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class KernelConfig:
    def __init__(self, block_rows):
        self.block_rows = block_rows
        self.compiler_params = {  # expect: pallas-compiler-params-type
            "mosaic": {"dimension_semantics": ("parallel",)}
        }


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 3.0


def scale(x, config):
    spec = pl.BlockSpec((config.block_rows, 128), lambda i: (i, 0))
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // config.block_rows,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=config.compiler_params,
        interpret=True,
    )(x)


print(scale(jnp.ones((32, 128), jnp.float32), KernelConfig(8)).sum())
