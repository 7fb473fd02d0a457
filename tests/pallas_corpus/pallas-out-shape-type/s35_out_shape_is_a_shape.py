# corpus: label=positive styles=parameter batch=s35
"""`out_shape=x.shape`: the output's shape tuple where Pallas wants a ShapeDtypeStruct."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def add(x, y):
    return pl.pallas_call(add_kernel, out_shape=x.shape, interpret=True)(x, y)  # expect: pallas-out-shape-type


print(add(jnp.ones((8, 128)), jnp.ones((8, 128))).sum())
