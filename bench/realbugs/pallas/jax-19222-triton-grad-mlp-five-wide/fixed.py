# realbug: jax-19222-triton-grad-mlp-five-wide (fixed)
# source: https://github.com/jax-ml/jax/issues/19222
# The fix: power-of-two shapes, and a batch of 16 rows (Triton's dot wants 2-D operands of at
# least 16 on each side); lowered for CUDA on the CPU with jax 0.12.0.1.
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
    x, w1, w2, y = x_ref[...], w1_ref[...], w2_ref[...], y_ref[...]
    grad_mlp = jax.grad(mlp, argnums=(1))
    grad_w1 = grad_mlp(x, w1, w2, y)
    output_ref[...] = grad_w1


@jax.jit
def gradient_kernel_test(x, w1, w2, y):
    return pl.pallas_call(
        gradient_kernel, out_shape=jax.ShapeDtypeStruct(w1.shape, w1.dtype)
    )(x, w1, w2, y)


key = jax.random.PRNGKey(0)
k1, k2, k3 = jax.random.split(key, 3)
x = jnp.arange(256).astype(float).reshape(16, 16)
w1 = jax.random.normal(k1, shape=(16, 16))
w2 = jax.random.normal(k2, shape=(16, 16))
y = jax.random.normal(k3, shape=(16, 16))
print(gradient_kernel_test(x, w1, w2, y))
