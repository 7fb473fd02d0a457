"""A rollout utility forwards `xs` and `length`, both defaulting to None; the caller passes neither."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def rollout(step_fn, state, xs=None, length=None):
    return lax.scan(step_fn, state, xs, length=length)  # expect: scan-no-length


def pendulum_step(state, _, dt=0.05):
    theta, omega = state
    omega = omega - 9.81 * jnp.sin(theta) * dt
    theta = theta + omega * dt
    return (theta, omega), theta


final, trajectory = rollout(pendulum_step, (jnp.float32(0.3), jnp.float32(0.0)))
print(trajectory)
