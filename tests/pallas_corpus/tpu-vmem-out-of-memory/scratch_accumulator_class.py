# corpus: label=positive styles=attribute,method batch=pallas
"""A matmul class keeps a (2048, 2048) float32 VMEM accumulator: 16 MiB of scratch alone."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def mm_kernel(x_ref, w_ref, o_ref, acc_ref):
    acc_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)
    o_ref[...] = acc_ref[...]


class Matmul:
    def __init__(self, tile=2048):
        self.tile = tile

    def __call__(self, x, w):
        t = self.tile
        return pl.pallas_call(  # expect: tpu-vmem-out-of-memory
            mm_kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], w.shape[1]), jnp.float32),
            grid=(1,),
            in_specs=[
                pl.BlockSpec((t, 128), lambda i: (0, 0)),
                pl.BlockSpec((128, t), lambda i: (0, 0)),
            ],
            out_specs=pl.BlockSpec((t, t), lambda i: (0, 0)),
            scratch_shapes=[pltpu.VMEM((t, t), jnp.float32)],
            interpret=True,
        )(x, w)


print(Matmul()(jnp.ones((2048, 128), jnp.float32), jnp.ones((128, 2048), jnp.float32)).sum())
