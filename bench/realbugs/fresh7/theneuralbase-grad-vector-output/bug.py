# realbug: theneuralbase-grad-vector-output
# source: https://theneuralbase.com/jax/learn/beginner/jax-numpy-plus-autodiff-plus-jit-on-gpu-tpu/
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
# The page's "WRONG" line: `jax.grad` of a function that returns a vector.
import jax
import jax.numpy as jnp


def vector_fn(x):
    return jnp.array([x**2, x**3, x**4])


jax.grad(vector_fn)(2.0)  # BUG
