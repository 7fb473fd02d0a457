# corpus: label=positive styles=parameter batch=c
"""A rollout jitted with partial(jax.jit, static_argnames=...) names a parameter that was
renamed since."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("num_steps",))  # expect: jit-static-argnames-unknown
def rollout(state, velocity, n_steps=10, dt=0.1):
    for _ in range(n_steps):
        state = state + dt * velocity
    return state


print(rollout(jnp.zeros(2), jnp.ones(2), n_steps=5))
