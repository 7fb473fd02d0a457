# corpus: label=positive styles=helper,parameter,return batch=s35
"""An index_map written as a def halves the step with `/`; a launcher takes the block rows."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def half_rows(i):
    return (i / 2, 0)


def kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] + w_ref[...]


def run(x, w, rows):
    full = pl.BlockSpec((rows, 128), lambda i: (i, 0))
    half = pl.BlockSpec((rows, 128), half_rows)  # expect: pallas-index-map-not-integer
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // rows,),
        in_specs=[full, half],
        out_specs=full,
        interpret=True,
    )(x, w)


print(run(jnp.ones((32, 128)), jnp.ones((16, 128)), 8).sum())
