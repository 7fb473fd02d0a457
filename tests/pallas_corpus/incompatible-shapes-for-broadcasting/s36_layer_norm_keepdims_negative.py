# corpus: label=negative styles=helper batch=s36
"""The layer-norm kernel's helper keeps the reduced axis, so the mean broadcasts."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _normalize(x, eps):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    centred = x - mean
    var = jnp.mean(centred * centred, axis=-1, keepdims=True)
    return centred * jax.lax.rsqrt(var + eps)


def layer_norm_kernel(x_ref, g_ref, b_ref, o_ref):
    y = _normalize(x_ref[...].astype(jnp.float32), 1e-5)
    o_ref[...] = (y * g_ref[...] + b_ref[...]).astype(o_ref.dtype)


def layer_norm(x, gamma, beta, block_rows=8):
    rows, width = x.shape
    row_spec = pl.BlockSpec((block_rows, width), lambda i: (i, 0))
    vec_spec = pl.BlockSpec((1, width), lambda i: (0, 0))
    return pl.pallas_call(
        layer_norm_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // block_rows,),
        in_specs=[row_spec, vec_spec, vec_spec],
        out_specs=row_spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x, gamma, beta)


x = jax.random.normal(jax.random.key(0), (64, 512), jnp.float32)
gamma = jnp.ones((1, 512), jnp.float32)
beta = jnp.zeros((1, 512), jnp.float32)
print(layer_norm(x, gamma, beta).sum())
