# corpus: label=positive styles=direct batch=s35
"""The batch dimension is squeezed (`None` in the block shape) but the kernel still indexes
it: a 2-D Ref read with three indices."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[0, :, :] * 2.0  # expect: pallas-ref-index-rank


x = jnp.ones((4, 8, 128), jnp.float32)
spec = pl.BlockSpec((None, 8, 128), lambda b: (b, 0, 0))
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(out.sum())
