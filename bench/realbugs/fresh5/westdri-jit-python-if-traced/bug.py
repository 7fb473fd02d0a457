# realbug: westdri-jit-python-if-traced
# source: https://mint.westdri.ca/ai/jx_jit
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
from jax import jit


@jit
def cond_func(x):
    if x < 0.0:  # BUG
        return x ** 2.0
    else:
        return x ** 3.0
print(cond_func(1.0))
