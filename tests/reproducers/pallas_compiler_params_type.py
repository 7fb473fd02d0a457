"""Raises TypeError: pallas_call's compiler_params given as a dict keyed by backend."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_one_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(
    add_one_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    compiler_params=dict(mosaic=dict(dimension_semantics=("parallel",))),
    interpret=True,
)(x)
