# realbug: jax-19222-triton-grad-mlp-five-wide
# source: https://github.com/jax-ml/jax/issues/19222
# kind: pallas-gpu-size-not-power-of-two
# raises: ValueError: The Pallas Triton lowering currently requires that all operations have array arguments and results whose size is a power of 2
# needs: GPU (Triton). The kernel loads (5,) and (5, 5) arrays whole; the CPU interpret mode
# runs it. The report's error text is cut off; the maintainer's reply guessed "array
# dimensions are not powers of 2".
# 0.12 label (stop 42): lowered for CUDA on the CPU with jax 0.12.0.1 (an abstract CUDA device:
# tests/_gpu_lowering.py), this program raised ValueError: The Pallas Triton lowering currently
# requires ... whose size is a power of 2. Encountered an array of shape (5,); fixed.py lowered.
import jax
from jax.experimental import pallas as pl
import jax.numpy as jnp


def mlp(x, w1, w2, y):
    hidden1 = jnp.dot(x, w1)
    hidden2 = jax.nn.relu(hidden1)
    output = jnp.dot(hidden2, w2)
    loss = jnp.mean(jnp.square(output - y))
    return loss


def gradient_kernel(x_ref, w1_ref, w2_ref, y_ref, output_ref):
    x, w1, w2, y = x_ref[...], w1_ref[...], w2_ref[...], y_ref[...]  # BUG
    grad_mlp = jax.grad(mlp, argnums=(1))
    grad_w1 = grad_mlp(x, w1, w2, y)
    output_ref[...] = grad_w1  # BUG


@jax.jit
def gradient_kernel_test(x, w1, w2, y):
    return pl.pallas_call(
        gradient_kernel, out_shape=jax.ShapeDtypeStruct(w1.shape, w1.dtype)
    )(x, w1, w2, y)


key = jax.random.PRNGKey(0)
x = jnp.arange(5).astype(float)
w1 = jax.random.normal(key, shape=(5, 5))
w2 = jax.random.normal(key, shape=(5, 5))
y = jax.random.normal(key, shape=(5,))
print(gradient_kernel_test(x, w1, w2, y))
