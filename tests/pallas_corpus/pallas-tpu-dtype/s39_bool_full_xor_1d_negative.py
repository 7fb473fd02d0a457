# corpus: label=negative styles=direct batch=s39
"""jax#24464: a TPU kernel xors a loaded boolean vector with one it builds with
`jnp.full((4,), True)`; the reporter's TPU failed in Mosaic's relayout of the built mask.
Written as a positive, it ran on a TPU v5e (jax 0.10.2): a negative."""

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
    z = jnp.full((4,), True)
    o_ref[...] = jnp.logical_xor(x, z)


x = jnp.array([True, False, False, True], dtype=jnp.bool_)
y = jnp.array([True, False, True, False], dtype=jnp.bool_)
print(kernel(x, y))
