# realbug: theneuralbase-grad-vector-output (fixed)
# source: https://theneuralbase.com/jax/learn/beginner/jax-numpy-plus-autodiff-plus-jit-on-gpu-tpu/
import jax
import jax.numpy as jnp


def vector_fn(x):
    return jnp.array([x**2, x**3, x**4])


jacobian_fn = jax.jacobian(vector_fn)
jacobian_at_2 = jacobian_fn(2.0)
