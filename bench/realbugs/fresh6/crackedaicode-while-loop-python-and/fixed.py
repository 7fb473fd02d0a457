# realbug: crackedaicode-while-loop-python-and (fixed)
# source: https://crackedaicode.com/problems/jax-while-loop-bounded-search
from jax import lax
import jax.numpy as jnp


def find_first_zero(x):
    n = x.shape[0]
    cond = lambda idx: (idx < n) & (x[idx] != 0.0)
    body = lambda idx: idx + 1
    return lax.while_loop(cond, body, jnp.int32(0))


find_first_zero(jnp.array([1.0, 2.0, 0.0, 4.0]))
