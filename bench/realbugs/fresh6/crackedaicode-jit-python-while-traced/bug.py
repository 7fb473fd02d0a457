# realbug: crackedaicode-jit-python-while-traced
# source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The page's "bad" example: a Python while loop whose condition reads a traced value under jit.
import jax.numpy as jnp
from jax import jit


@jit
def bad(x):
    while x > 1.0:  # BUG
        x = x * 0.5
    return x


bad(4.0)
