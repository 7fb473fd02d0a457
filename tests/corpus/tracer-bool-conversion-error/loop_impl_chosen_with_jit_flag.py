"""The Python loop is chosen only when `jit=False`; only the `lax` loop is ever wrapped in `jax.jit`."""
# corpus: label=negative styles=parameter
# realcode: cause J

import jax
import jax.numpy as jnp


def python_loop(x):
    while not (x > 10):
        x = x * 2
    return x


def lax_loop(x):
    return jax.lax.while_loop(lambda v: v <= 10, lambda v: v * 2, x)


def loop(x, jit=False):
    if jit:
        fun = lax_loop
    else:
        fun = python_loop
    if jit:
        fun = jax.jit(fun)
    return fun(x)


loop(jnp.float32(1.0), jit=True)
loop(jnp.float32(1.0), jit=False)
