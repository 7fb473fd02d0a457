# realbug: jax-18847-triton-argmax-under-x64
# source: https://github.com/jax-ml/jax/issues/18847
# kind: pallas-gpu-argmax-index-dtype
# raises: ValueError: `index_type` must be i32
# needs: GPU (Triton). With jax_enable_x64 on, jnp.argmax's index is an int64, and the Triton
# lowering's argmax takes only i32 indices; the CPU interpret mode runs it.
# 0.12 label (stop 42): lowered for CUDA on the CPU with jax 0.12.0.1 (an abstract CUDA device:
# tests/_gpu_lowering.py), this program raised ValueError: `index_type` must be i32; fixed.py
# lowered.
import jax
from jax.experimental import pallas as pl
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def argmax_kernel(x_ref, o_ref):
    x = x_ref[...]
    out = jnp.argmax(x)  # BUG
    o_ref[...] = out


@jax.jit
def exec_fn(_x):
    return pl.pallas_call(  # BUG
        argmax_kernel, out_shape=jax.ShapeDtypeStruct((), dtype=jnp.int64), grid=1
    )(_x)


x = jnp.arange(8).astype(jnp.float32)
print(exec_fn(x).dtype)
