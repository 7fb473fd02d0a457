# realbug: jax-6612-if-on-traced-argument
# source: https://github.com/jax-ml/jax/pull/6612
# kind: tracer-conversion
# raises: TracerBoolConversionError
# A Python `if` on a comparison of a jitted function's argument.
import jax


@jax.jit
def f(x, y, z):
  if z > 0:  # BUG
    return x
  return y


f(1, 2, 3)
