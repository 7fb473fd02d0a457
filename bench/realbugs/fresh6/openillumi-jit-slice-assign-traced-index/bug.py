# realbug: openillumi-jit-slice-assign-traced-index
# source: https://openillumi.com/?p=120704
# kind: tracer-index
# raises: IndexError: Array slice indices must have static start/stop/step
# The page's function, with `other_fun` and the call filled in; `x[:index]` on the right-hand
# side is sliced with the traced `index` before the (also invalid) in-place assignment runs.
import jax
import jax.numpy as jnp


def other_fun(y):
    return y * 2.0


@jax.jit
def fun(x, index):
    x[:index] = other_fun(x[:index])  # BUG
    return x


fun(jnp.arange(5.0), 3)
