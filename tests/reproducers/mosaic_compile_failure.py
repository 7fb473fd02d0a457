"""Needs a TPU: a Pallas TPU kernel that Mosaic cannot compile, a reshape that regroups its
(16, 128) tile into rows of 32 lanes, across the TPU's (8, 128) tiles.

Run on a TPU v5e with jax 0.10.2 (tests/pallas_corpus/labels, ``repro/``): MosaicError
'Mosaic failed to compile TPU kernel: infer-vector-layout: unsupported shape cast'.  The
reshape jax-ml/jax#21999 reported, (1, 11, 11, 1, 128) to (121, 128), compiles there.
"""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


@functools.partial(pl.pallas_call, out_shape=jax.ShapeDtypeStruct((64, 32), jnp.float32))
def regroup_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(64, 32)


regroup_kernel(jnp.ones((16, 128), jnp.float32)).block_until_ready()
