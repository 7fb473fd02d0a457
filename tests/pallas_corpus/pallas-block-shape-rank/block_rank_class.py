# corpus: label=positive styles=attribute,method batch=pallas
"""A norm layer stores a 3-D block shape and applies it to 2-D activations."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def norm_kernel(x_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = v / jnp.sqrt(jnp.mean(v * v, axis=-1, keepdims=True) + 1e-6)


class RMSNorm:
    def __init__(self):
        self.block = (1, 8, 128)

    def __call__(self, x):
        spec = pl.BlockSpec(self.block, lambda i: (0, i, 0))  # expect: pallas-block-shape-rank
        return pl.pallas_call(
            norm_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // 8,),
            in_specs=[spec],
            out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
            interpret=True,
        )(x)


print(RMSNorm()(jnp.ones((16, 128), jnp.float32)).sum())
