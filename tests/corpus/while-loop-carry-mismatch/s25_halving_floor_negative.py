"""The halving loop with floor division, which keeps the int dtype."""
# corpus: label=negative styles=helper,return batch=s25

import jax.numpy as jnp
from jax import lax


def shrink(x):
    def cond(state):
        _i, v = state
        return v.max() > 1

    def body(state):
        i, v = state
        return i + 1, v // 2

    return lax.while_loop(cond, body, (0, x))


print(shrink(jnp.arange(10)))
