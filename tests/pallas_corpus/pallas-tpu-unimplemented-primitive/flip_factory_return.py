# corpus: label=positive styles=return,transform batch=pallas
"""A factory makes a kernel that reverses each block's columns, launched under jax.jit."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_reverser(axis):
    def reverse_kernel(x_ref, o_ref):
        o_ref[...] = jnp.flip(x_ref[...], axis=axis)  # expect: pallas-tpu-unimplemented-primitive

    return reverse_kernel


@functools.partial(jax.jit, static_argnums=1)
def reverse(x, axis):
    return pl.pallas_call(
        make_reverser(axis),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x)


print(reverse(jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128), 1)[0, 0])
