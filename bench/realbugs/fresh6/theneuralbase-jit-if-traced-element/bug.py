# realbug: theneuralbase-jit-if-traced-element
# source: https://theneuralbase.com/jax/learn/beginner/tracer-errors-dynamic-control-flow/
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The page's `bad_control_flow`, compiled with jax.jit as the page describes.
import jax
import jax.numpy as jnp


def bad_control_flow(arr):
    if arr[0] > 5:  # BUG
        return arr * 2
    else:
        return arr + 1


jax.jit(bad_control_flow)(jnp.array([6.0, 1.0, 2.0]))
