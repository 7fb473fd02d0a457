# corpus: label=positive styles=direct batch=s41
"""A kernel reads "the rows after the first block" with a Python slice that starts at its own
block's end: a slice's end is cut short, its start is not."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tail_mean(x_ref, o_ref):
    rest = x_ref[8:, :]  # expect: pallas-ref-window-out-of-bounds
    o_ref[...] = x_ref[...] - jnp.mean(rest)


x = jnp.ones((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
out = pl.pallas_call(
    tail_mean,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(out.sum())
