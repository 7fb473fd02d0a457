# corpus: label=positive styles=helper batch=s42
"""A helper reads the first `n` rows of a Triton kernel's Ref, called with 6: a (6, 128) load."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def first_rows(ref, n):
    return ref[pl.ds(0, n), :]  # expect: pallas-gpu-size-not-power-of-two


def head_sum(x_ref, o_ref, *, n):
    o_ref[...] = jnp.sum(first_rows(x_ref, n), axis=0)


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    functools.partial(head_sum, n=6),
    out_shape=jax.ShapeDtypeStruct((128,), jnp.float32),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
