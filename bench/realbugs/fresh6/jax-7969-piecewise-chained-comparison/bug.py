# realbug: jax-7969-piecewise-chained-comparison
# source: https://github.com/jax-ml/jax/issues/7969
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# A chained comparison `0<x<1` is `(0<x) and (x<1)`: Python's `and` on a traced boolean.
import jax


def f(x):
    return jax.numpy.piecewise(x, [x < 0, 0 < x < 1], [-x, x])  # BUG


f_jit = jax.jit(f)

f(0.5)
f_jit(0.5)
