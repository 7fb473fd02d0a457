# corpus: label=negative styles=parameter,method
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def step(self, i, x):
        return x - self.dt * x**3

    def rollout(self, x0, n_steps):
        return lax.fori_loop(0, n_steps, self.step, x0)


integrator = Integrator(0.01)
simulate = jax.jit(integrator.rollout, static_argnums=1)


def final_energy(x0, n_steps):
    return jnp.sum(simulate(x0, n_steps) ** 2)


print(jax.grad(partial(final_energy, n_steps=10))(jnp.ones(3)))
