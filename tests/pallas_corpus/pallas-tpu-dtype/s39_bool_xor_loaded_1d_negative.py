# corpus: label=negative styles=direct batch=s39
"""jax#24464's working kernel: the xor of two loaded boolean vectors."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((4,), jnp.bool_),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)
def kernel(x_ref, y_ref, o_ref):
    x = x_ref[...]
    y = y_ref[...]
    o_ref[...] = jnp.logical_xor(x, y)


x = jnp.array([True, False, False, True], dtype=jnp.bool_)
y = jnp.array([True, False, True, False], dtype=jnp.bool_)
print(kernel(x, y))
