# corpus: label=positive styles=helper batch=c
"""The scan body delegates to an update helper that returns one array."""

import jax
import jax.numpy as jnp
from jax import lax


def _integrate(state, force, dt=0.01):
    pos, vel = state[0], state[1]
    vel = vel + dt * force
    return jnp.stack([pos + dt * vel, vel])


def physics_step(state, force):
    return _integrate(state, force)  # expect: scan-body-not-pair


@jax.jit
def simulate(forces):
    final, _ = lax.scan(physics_step, jnp.zeros(2), forces)
    return final


print(simulate(jnp.ones(10)))
