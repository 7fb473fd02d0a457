# realbug: jax-3603-scan-traced-length
# source: https://github.com/jax-ml/jax/issues/3603
# kind: tracer-conversion
# raises: ConcretizationTypeError
# `lax.scan` with `length` given by an argument of the jitted function.
import jax


def do_stuff(length):
  def f(carry, x):
    return carry, [None]

  jax.lax.scan(f, [1], xs=None, length=length)  # BUG


jax.jit(do_stuff)(10)
