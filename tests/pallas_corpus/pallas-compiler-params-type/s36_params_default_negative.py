# corpus: label=negative styles=parameter batch=s36
"""The launcher's `params` parameter defaults to `pltpu.CompilerParams(...)`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

TPU_PARAMS = pltpu.CompilerParams(dimension_semantics=("parallel",))


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def add(x, y, params=TPU_PARAMS):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[spec, spec],
        out_specs=spec,
        compiler_params=params,
        interpret=True,
    )(x, y)


x = jnp.ones((32, 128), jnp.float32)
print(add(x, x).sum())
