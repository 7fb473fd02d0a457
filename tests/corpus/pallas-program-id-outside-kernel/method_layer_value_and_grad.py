"""A layer launches a kernel that reads its block index in a method; a training step takes
value_and_grad of the layer's output."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _bias_kernel(x_ref, o_ref):
    block = pl.program_id(0)  # expect: pallas-program-id-outside-kernel
    o_ref[...] = x_ref[...] + 0.1 * block.astype(jnp.float32)


class BlockBias:
    def __init__(self, rows, cols, block_rows):
        self.out_shape = jax.ShapeDtypeStruct((rows, cols), jnp.float32)
        self.spec = pl.BlockSpec((block_rows, cols), lambda i: (i, 0))
        self.grid = (rows // block_rows,)

    def apply(self, x):
        return pl.pallas_call(
            _bias_kernel,
            out_shape=self.out_shape,
            grid=self.grid,
            in_specs=[self.spec],
            out_specs=self.spec,
            interpret=True,
        )(x)


layer = BlockBias(16, 128, 8)
loss, grads = jax.value_and_grad(lambda x: jnp.mean(layer.apply(x) ** 2))(
    jnp.ones((16, 128), jnp.float32)
)
