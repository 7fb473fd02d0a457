# corpus: label=positive styles=direct batch=s35
"""`compiler_params=dict(mosaic=dict(...))`, the spelling of older Pallas TPU tutorials."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.ones((64, 128), jnp.float32)
spec = pl.BlockSpec((16, 128), lambda i: (i, 0))
out = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4,),
    in_specs=[spec, spec],
    out_specs=spec,
    compiler_params=dict(  # expect: pallas-compiler-params-type
        mosaic=dict(dimension_semantics=("parallel",))
    ),
    interpret=True,
)(x, x)
print(out.sum())
