# corpus: label=positive styles=transform batch=pallas
"""program_id read in the jitted wrapper instead of in the kernel body."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


@jax.jit
def add_one(x):
    block = pl.program_id(0)  # expect: pallas-program-id-outside-kernel
    out = pl.pallas_call(
        add_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)
    return out, block


print(add_one(jnp.ones((8, 128), jnp.float32)))
