# realbug: theneuralbase-jit-if-traced-element (fixed)
# source: https://theneuralbase.com/jax/learn/beginner/tracer-errors-dynamic-control-flow/
import jax
import jax.numpy as jnp


def bad_control_flow(arr):
    return jnp.where(arr[0] > 5, arr * 2, arr + 1)


jax.jit(bad_control_flow)(jnp.array([6.0, 1.0, 2.0]))
