# corpus: label=negative styles=parameter,helper batch=c
"""The rollout wrapper forwards the length, and the caller passes it."""

import jax.numpy as jnp
from jax import lax


def rollout(step_fn, init_state, xs=None, length=None):
    return lax.scan(step_fn, init_state, xs, length=length)


def pendulum_step(state, _):
    theta, omega = state
    omega = omega - 0.1 * jnp.sin(theta)
    theta = theta + 0.1 * omega
    return (theta, omega), theta


final, trajectory = rollout(pendulum_step, (jnp.float32(0.5), jnp.float32(0.0)), length=50)
print(trajectory.shape)
