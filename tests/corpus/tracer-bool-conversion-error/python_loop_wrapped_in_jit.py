"""With `unroll=True` the Python loop is picked, and `jit=True` then wraps it in `jax.jit`."""
# corpus: label=positive styles=parameter
# realcode: cause J

import jax
import jax.numpy as jnp


def python_loop(x):
    while not (x > 10):  # expect: tracer-bool-conversion-error
        x = x * 2
    return x


def lax_loop(x):
    return jax.lax.while_loop(lambda v: v <= 10, lambda v: v * 2, x)


def loop(x, unroll=False, jit=False):
    if unroll:
        fun = python_loop
    else:
        fun = lax_loop
    if jit:
        fun = jax.jit(fun)
    return fun(x)


loop(jnp.float32(1.0), unroll=True, jit=True)
