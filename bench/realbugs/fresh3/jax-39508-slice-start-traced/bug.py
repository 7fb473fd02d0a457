# realbug: jax-39508-slice-start-traced
# source: https://github.com/jax-ml/jax/pull/39508
# kind: slice-traced
# raises: IndexError: Array slice indices must have static start/stop/step
import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
    return x[i : i + 2]  # BUG


print(window(jnp.arange(10.0), 3))
