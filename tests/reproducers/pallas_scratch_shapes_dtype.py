"""Raises TypeError: a Pallas TPU scratch buffer declared without its dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def double_kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...] * 2.0
    o_ref[...] = acc_ref[...]


x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    scratch_shapes=[pltpu.VMEM((16, 128))],
    interpret=True,
)(x)
