"""The rollout utility defaults `length=50`, so the caller that passes no xs still has a length."""
# corpus: label=negative styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def rollout(step_fn, state, xs=None, length=50):
    return lax.scan(step_fn, state, xs, length=length)


def pendulum_step(state, _, dt=0.05):
    theta, omega = state
    omega = omega - 9.81 * jnp.sin(theta) * dt
    theta = theta + omega * dt
    return (theta, omega), theta


final, trajectory = rollout(pendulum_step, (jnp.float32(0.3), jnp.float32(0.0)))
print(trajectory.shape)
