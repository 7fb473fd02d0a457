"""A greedy rollout over a Q-table, jitted with the horizon static."""

from functools import partial

import jax
import jax.numpy as jnp

from .env import step


@partial(jax.jit, static_argnames="horizon")
def greedy_rollout(q_table, start, horizon=4):
    position = start
    path = [position]
    for _ in range(horizon):
        action = jnp.argmax(q_table[position[0], position[1]])
        position = step(position, action)
        path.append(position)
    return jnp.stack(path)
