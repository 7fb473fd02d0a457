"""`jax.jit(integrator.step)`: the bound method updates the state vector's slots in place."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class Oscillator:
    def __init__(self, dt, omega):
        self.dt = dt
        self.omega = omega

    def step(self, state):
        pos, vel = state[0], state[1]
        state[1] = vel - self.dt * self.omega**2 * pos  # expect: immutable-array-item-assignment
        state[0] = pos + self.dt * state[1]
        return state


osc = Oscillator(dt=0.01, omega=2.0)
step = jax.jit(osc.step)
step(jnp.array([1.0, 0.0]))
