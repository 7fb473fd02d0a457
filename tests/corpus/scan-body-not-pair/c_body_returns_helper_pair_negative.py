# corpus: label=negative styles=helper batch=c
"""The scan body delegates to a helper that returns (carry, output)."""

import jax
import jax.numpy as jnp
from jax import lax


def _integrate(state, force, dt=0.01):
    pos, vel = state[0], state[1]
    vel = vel + dt * force
    new = jnp.stack([pos + dt * vel, vel])
    return new, new[0]


def physics_step(state, force):
    return _integrate(state, force)


@jax.jit
def simulate(forces):
    final, positions = lax.scan(physics_step, jnp.zeros(2), forces)
    return final, positions


print(simulate(jnp.ones(10)))
