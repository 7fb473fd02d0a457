"""The same kernel run under jit, and inside a loss only through stop_gradient: nothing
differentiates the kernel, so its grid index is read with the grid in place."""
# corpus: label=negative styles=direct,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0)


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
tag = pl.pallas_call(
    tag_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)
x = jnp.ones((16, 128), jnp.float32)
y = jax.jit(tag)(x)
g = jax.grad(lambda v: jnp.sum(tag(jax.lax.stop_gradient(v)) * v))(x)
