# corpus: label=positive styles=direct batch=s35
"""Two grid steps share each weight block; the index_map halves the step with `/`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] * w_ref[...]


x = jnp.ones((32, 128), jnp.float32)
w = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[
        pl.BlockSpec((8, 128), lambda i: (i, 0)),
        pl.BlockSpec((8, 128), lambda i: (i / 2, 0)),  # expect: pallas-index-map-not-integer
    ],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    interpret=True,
)(x, w)
print(out.sum())
