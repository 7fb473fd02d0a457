# corpus: label=negative styles=parameter batch=s35
"""`out_shape=x` (an array has a shape and a dtype) and a tuple of ShapeDtypeStructs both run."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def add_and_sub_kernel(x_ref, y_ref, s_ref, d_ref):
    s_ref[...] = x_ref[...] + y_ref[...]
    d_ref[...] = x_ref[...] - y_ref[...]


def add(x, y):
    return pl.pallas_call(add_kernel, out_shape=x, interpret=True)(x, y)


def add_and_sub(x, y):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(add_and_sub_kernel, out_shape=(shape, shape), interpret=True)(x, y)


x = jnp.ones((8, 128))
s, d = add_and_sub(x, x)
print(add(x, x).sum(), s.sum(), d.sum())
