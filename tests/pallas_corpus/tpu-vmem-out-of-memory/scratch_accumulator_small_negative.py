# corpus: label=negative styles=attribute,method batch=pallas
"""The matmul class with 512-wide tiles: 1 MiB of scratch."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def mm_kernel(x_ref, w_ref, o_ref, acc_ref):
    acc_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)
    o_ref[...] = acc_ref[...]


class Matmul:
    def __init__(self, tile=512):
        self.tile = tile

    def __call__(self, x, w):
        t = self.tile
        n = x.shape[0] // t
        return pl.pallas_call(
            mm_kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], w.shape[1]), jnp.float32),
            grid=(n, n),
            in_specs=[
                pl.BlockSpec((t, 128), lambda i, j: (i, 0)),
                pl.BlockSpec((128, t), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((t, t), lambda i, j: (i, j)),
            scratch_shapes=[pltpu.VMEM((t, t), jnp.float32)],
            interpret=True,
        )(x, w)


print(Matmul()(jnp.ones((2048, 128), jnp.float32), jnp.ones((128, 2048), jnp.float32)).sum())
