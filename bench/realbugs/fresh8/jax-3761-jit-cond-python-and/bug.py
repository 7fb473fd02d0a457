# realbug: jax-3761-jit-cond-python-and
# source: https://github.com/jax-ml/jax/issues/3761
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The report's toy example: a predicate built with Python's `and` of two traced comparisons,
# inside a jitted function that calls `lax.cond` (0.12 names the error TracerBoolConversionError).
import jax
from jax import jit


@jit
def true_fn(x):
    return x - 5000.0


@jit
def false_fn(x):
    return x + 100.0


@jit
def cond_test_2(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)  # BUG


cond_test_2(0.3, 0.1)
