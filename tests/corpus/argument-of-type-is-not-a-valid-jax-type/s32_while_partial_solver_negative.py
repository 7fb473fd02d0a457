"""The update function is bound into the body with functools.partial; the state holds arrays."""
# corpus: label=negative styles=direct batch=s32

from functools import partial

import jax.numpy as jnp
from jax import lax


def update(x):
    return 0.5 * (x + 2.0 / x)


def cond(state):
    step, _ = state
    return step < 20


def body(fn, state):
    step, x = state
    return step + 1, fn(x)


state = lax.while_loop(cond, partial(body, update), (0, jnp.ones(3)))
print(state[1])
