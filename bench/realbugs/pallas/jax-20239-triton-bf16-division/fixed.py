# realbug: jax-20239-triton-bf16-division (fixed)
# source: https://github.com/jax-ml/jax/issues/20239
# The fix: divide in float32 and cast the result back.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def divide_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...].astype(jnp.float32), y_ref[...].astype(jnp.float32)
    o_ref[...] = (x / y).astype(o_ref.dtype)


@jax.jit
def divide_vectors(x: jax.Array, y: jax.Array) -> jax.Array:
    return pl.pallas_call(
        divide_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype)
    )(x, y)


dtype = jnp.bfloat16
divide_vectors(jnp.arange(8.0, dtype=dtype), 1.0 + jnp.arange(8.0, dtype=dtype))
