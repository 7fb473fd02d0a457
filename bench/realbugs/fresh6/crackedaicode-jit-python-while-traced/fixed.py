# realbug: crackedaicode-jit-python-while-traced (fixed)
# source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while
import jax.numpy as jnp
from jax import jit, lax


@jit
def bad(x):
    return lax.while_loop(lambda s: s > 1.0, lambda s: s * 0.5, x)


bad(4.0)
