# corpus: label=positive styles=attribute,method batch=pallas
"""An attention kernel class with a head dimension block of 96 lanes, using TPU memory spaces."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def qk_kernel(q_ref, o_ref):
    o_ref[...] = q_ref[...] * 0.125


class Attention:
    def __init__(self, block_q=8, head_block=96):
        self.block_q = block_q
        self.head_block = head_block

    def spec(self):
        return pl.BlockSpec(  # expect: pallas-tpu-block-tiling
            (self.block_q, self.head_block), lambda i: (i, 0), memory_space=pltpu.VMEM
        )

    def __call__(self, q):
        return pl.pallas_call(
            qk_kernel,
            out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
            grid=(q.shape[0] // self.block_q,),
            in_specs=[self.spec()],
            out_specs=self.spec(),
            interpret=True,
        )(q)


print(Attention()(jnp.ones((16, 192), jnp.float32)).sum())
