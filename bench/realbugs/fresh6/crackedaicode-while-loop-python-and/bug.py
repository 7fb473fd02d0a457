# realbug: crackedaicode-while-loop-python-and
# source: https://crackedaicode.com/problems/jax-while-loop-bounded-search
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The page's pitfall: Python `and` between two traced booleans in a lax.while_loop condition.
from jax import lax
import jax.numpy as jnp


def find_first_zero(x):
    n = x.shape[0]
    cond = lambda idx: (idx < n) and (x[idx] != 0.0)  # BUG
    body = lambda idx: idx + 1
    return lax.while_loop(cond, body, jnp.int32(0))


find_first_zero(jnp.array([1.0, 2.0, 0.0, 4.0]))
