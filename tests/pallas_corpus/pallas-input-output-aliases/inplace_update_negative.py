# corpus: label=negative styles=parameter batch=pallas
"""The in-place update aliases input 0, the only one."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def increment_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def increment_inplace(x, alias_input=0):
    return pl.pallas_call(
        increment_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        input_output_aliases={alias_input: 0},
        interpret=True,
    )(x)


print(increment_inplace(jnp.zeros((8, 128), jnp.float32)).sum())
