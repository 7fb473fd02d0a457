# corpus: label=positive styles=parameter batch=s35
"""`out_shape=x.shape`: the output's shape tuple where Pallas wants a ShapeDtypeStruct."""

import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


def add(x, y):
    call = pl.pallas_call(  # expect: pallas-out-shape-type
        add_kernel, out_shape=x.shape, interpret=True
    )
    return call(x, y)


print(add(jnp.ones((8, 128)), jnp.ones((8, 128))).sum())
