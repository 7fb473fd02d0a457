"""A while loop halves an integer array with true division until it is small."""
# corpus: label=positive styles=helper,return batch=s25

import jax.numpy as jnp
from jax import lax


def shrink(x):
    def cond(state):
        _i, v = state
        return v.max() > 1

    def body(state):
        i, v = state
        return i + 1, v / 2

    return lax.while_loop(cond, body, (0, x))  # expect: while-loop-carry-mismatch


print(shrink(jnp.arange(10)))
