# realbug: jax-20239-triton-bf16-division
# source: https://github.com/jax-ml/jax/issues/20239
# kind: pallas-triton-lowering
# raises: .*
# needs: GPU (Triton). The division of two bfloat16 tiles failed in the Triton lowering of
# the report's JAX; the CPU interpret mode divides them.
# 0.12 label (stop 41): lowered for CUDA on the CPU with jax 0.12.0.1 (an abstract CUDA device,
# each pallas_call lowered instead of run: tests/_gpu_lowering.py), this program raised
# NotImplementedError: unsupported types: tensor<8xbf16> and tensor<8xbf16>; fixed.py lowered.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def divide_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x / y  # BUG


@jax.jit
def divide_vectors(x: jax.Array, y: jax.Array) -> jax.Array:
    return pl.pallas_call(
        divide_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype)
    )(x, y)


# dtype = jnp.float32  # works
dtype = jnp.bfloat16  # broken
divide_vectors(jnp.arange(8.0, dtype=dtype), 1.0 + jnp.arange(8.0, dtype=dtype))
