# realbug: jaxonnxruntime-29-nonzero-jit (fixed)
# source: https://github.com/google/jaxonnxruntime/issues/29
import jax
import jax.numpy as jnp


def onnx_nonzero(x, size):
    return jnp.stack(jnp.nonzero(x, size=size))


print(jax.jit(onnx_nonzero, static_argnums=1)(jnp.array([[1, 0], [0, 1]]), 2))
