# corpus: label=positive styles=attribute batch=pallas
"""A fused layer keeps three in_specs but is called with two arrays."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def fma_kernel(a_ref, b_ref, c_ref, o_ref):
    o_ref[...] = a_ref[...] * b_ref[...] + c_ref[...]


class FusedMulAdd:
    def __init__(self):
        spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
        self.in_specs = [spec, spec, spec]
        self.out_spec = spec


layer = FusedMulAdd()
a = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
    fma_kernel,
    out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype),
    grid=(2,),
    in_specs=layer.in_specs,
    out_specs=layer.out_spec,
    interpret=True,
)(a, a)
print(out.sum())
