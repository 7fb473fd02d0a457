# corpus: rule=pallas-index-map-arity label=positive styles=module,helper batch=s31
"""A launcher takes its query-row BlockSpec from another module, whose index_map gives one
index for a two-dimensional block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from ops.specs import row_block


def scale_kernel(q_ref, o_ref):
    o_ref[...] = q_ref[...] * 0.125


q = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(
    scale_kernel,
    out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
    grid=(4,),
    in_specs=[row_block(8, 128)],
    out_specs=row_block(8, 128),
    interpret=True,
)(q)
print(out.sum())
