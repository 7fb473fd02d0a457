# realbug: jaxonnxruntime-29-nonzero-jit
# source: https://github.com/google/jaxonnxruntime/issues/29
# kind: data-dependent-shape
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


def onnx_nonzero(x):
    return jnp.stack(jnp.nonzero(x))  # BUG


print(jax.jit(onnx_nonzero)(jnp.array([[1, 0], [0, 1]])))
