"""A Pallas TPU kernel that Mosaic cannot compile: a reshape across the TPU's (8, 128) tiles.

Needs a TPU (Mosaic compiles only for TPUs), so it runs only in the accelerator test; it was
written from the failures reported in jax-ml/jax#21999 and has not been run in this checkout
(no TPU was available when it was added).
"""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


@functools.partial(pl.pallas_call, out_shape=jax.ShapeDtypeStruct((121, 128), jnp.float32))
def flatten_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(121, 128)


flatten_kernel(jnp.ones((1, 11, 11, 1, 128), jnp.float32)).block_until_ready()
