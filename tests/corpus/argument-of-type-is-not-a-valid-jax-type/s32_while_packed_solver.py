"""A fixed-point solver packs its update function into the loop state with the iterate."""
# corpus: label=positive styles=direct batch=s32

import jax.numpy as jnp
from jax import lax


def update(x):
    return 0.5 * (x + 2.0 / x)


def cond(state):
    step, _, _ = state
    return step < 20


def body(state):
    step, x, fn = state
    return step + 1, fn(x), fn


start = (0, jnp.ones(3), update)
state = lax.while_loop(cond, body, start)  # expect: argument-of-type-is-not-a-valid-jax-type
print(state[1])
