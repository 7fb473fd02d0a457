"""The tagging kernel is wrapped in jax.custom_jvp with its own tangent rule: jax.jvp and
jax.grad run (the rule gets the primals, and the kernel is never differentiated)."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0)


def _launch(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        tag_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


@jax.custom_jvp
def tag(x):
    return _launch(x)


@tag.defjvp
def tag_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return tag(x), dx


x = jnp.ones((16, 128), jnp.float32)
y, dy = jax.jvp(tag, (x,), (jnp.ones_like(x),))
g = jax.grad(lambda v: tag(v).sum())(x)
