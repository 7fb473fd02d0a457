# realbug: jax-18847-triton-argmax-under-x64 (fixed)
# source: https://github.com/jax-ml/jax/issues/18847
# The fix: an int32 index (lax.argmax's index_dtype) and an int32 output; lowered for CUDA on
# the CPU with jax 0.12.0.1.
import jax
from jax import lax
from jax.experimental import pallas as pl
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def argmax_kernel(x_ref, o_ref):
    x = x_ref[...]
    out = lax.argmax(x, 0, jnp.int32)
    o_ref[...] = out


@jax.jit
def exec_fn(_x):
    return pl.pallas_call(
        argmax_kernel, out_shape=jax.ShapeDtypeStruct((), dtype=jnp.int32), grid=1
    )(_x)


x = jnp.arange(8).astype(jnp.float32)
print(exec_fn(x).dtype)
