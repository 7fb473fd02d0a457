# realbug: jax-7222-slice-with-traced-start
# source: https://github.com/jax-ml/jax/issues/7222
# kind: tracer-conversion
# raises: IndexError: Array slice indices must have static start/stop/step
# NumPy slicing with a start that is an argument of the jitted function.
import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
  return x[i:i + 2]  # BUG


window(jnp.arange(5), 1)
