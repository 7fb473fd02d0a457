# corpus: label=negative styles=direct batch=s37
"""A layer-norm forward binds its keyword-only `eps` with `functools.partial` before the launch."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK_ROWS = 8


def layer_norm_kernel(x_ref, w_ref, b_ref, o_ref, *, eps):
    x = x_ref[...]
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    o_ref[...] = (x - mean) * jax.lax.rsqrt(var + eps) * w_ref[...] + b_ref[...]


def layer_norm(x, w, b, eps=1e-5):
    rows, cols = x.shape
    row_spec = pl.BlockSpec((BLOCK_ROWS, cols), lambda i: (i, 0))
    vec_spec = pl.BlockSpec((1, cols), lambda i: (0, 0))
    return pl.pallas_call(
        functools.partial(layer_norm_kernel, eps=eps),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // BLOCK_ROWS,),
        in_specs=[row_spec, vec_spec, vec_spec],
        out_specs=row_spec,
        interpret=True,
    )(x, w, b)


x = jax.random.normal(jax.random.key(0), (32, 256), jnp.float32)
w = jnp.ones((1, 256), jnp.float32)
b = jnp.zeros((1, 256), jnp.float32)
print(layer_norm(x, w, b).sum())
