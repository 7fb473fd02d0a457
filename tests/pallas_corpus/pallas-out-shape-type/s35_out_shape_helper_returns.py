# corpus: label=positive styles=helper,return batch=s35
"""A helper returns the output's shape tuple, which the launch takes as out_shape."""

import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def output_of(x):
    return (x.shape[0], x.shape[1])


def run(x):
    call = pl.pallas_call(  # expect: pallas-out-shape-type
        kernel, out_shape=output_of(x), interpret=True
    )
    return call(x)


print(run(jnp.ones((8, 128), jnp.float32)).sum())
