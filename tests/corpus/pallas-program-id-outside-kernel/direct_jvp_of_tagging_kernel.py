"""jax.jvp of a grid kernel that adds its block index: on jax 0.12.0.1 the JVP rule traces the
kernel again without its grid, and pl.program_id fails JAX's internal assertion."""
# corpus: label=positive styles=direct,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0)  # expect: pallas-program-id-outside-kernel


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
y, dy = jax.jvp(tag, (x,), (jnp.ones_like(x),))
