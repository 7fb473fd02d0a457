# corpus: label=negative styles=parameter batch=c
"""The rollout's static name matches its parameter."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n_steps",))
def rollout(state, velocity, n_steps=10, dt=0.1):
    for _ in range(n_steps):
        state = state + dt * velocity
    return state


print(rollout(jnp.zeros(2), jnp.ones(2), n_steps=5))
