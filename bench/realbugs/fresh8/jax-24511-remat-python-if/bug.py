# realbug: jax-24511-remat-python-if
# source: https://github.com/jax-ml/jax/pull/24511
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The pull request's example: a Python `if` on the argument of a `jax.remat`-decorated function.
import jax
import jax.numpy as jnp


@jax.remat
def f(x):
    if x > 0:  # BUG
        return x
    else:
        return jnp.sin(x)


f(3.)  # BUG
