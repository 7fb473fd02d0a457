# realbug: jax-1406-range-of-traced-argument
# source: https://github.com/jax-ml/jax/issues/1406
# kind: tracer-conversion
# raises: TracerIntegerConversionError
# `range(num)` over an argument of a jitted function.
from jax import jit


def foo(num):
  for _ in range(num):  # BUG
    pass


jit(foo)(0)
