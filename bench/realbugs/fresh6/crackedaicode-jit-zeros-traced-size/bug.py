# realbug: crackedaicode-jit-zeros-traced-size
# source: https://crackedaicode.com/problems/jax-static-argnames-in-jit
# kind: tracer-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
# The page's "BREAKS" example: under plain jax.jit `n` is traced and sizes an array.
import jax
import jax.numpy as jnp


def repeat_v1(x, n):
    out = jnp.zeros((n * x.shape[0],))  # BUG
    for i in range(n):
        out = out.at[i * x.shape[0]:(i + 1) * x.shape[0]].set(x)
    return out


jax.jit(repeat_v1)(jnp.array([1.0, 2.0]), 3)
