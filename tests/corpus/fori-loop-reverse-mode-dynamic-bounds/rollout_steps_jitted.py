# corpus: label=positive styles=parameter,method
import jax
import jax.numpy as jnp
from jax import lax


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def step(self, i, x):
        return x - self.dt * x**3

    def rollout(self, x0, n_steps):
        loop = lax.fori_loop
        return loop(0, n_steps, self.step, x0)  # expect: fori-loop-reverse-mode-dynamic-bounds


integrator = Integrator(0.01)
simulate = jax.jit(integrator.rollout)


def final_energy(x0, n_steps):
    return jnp.sum(simulate(x0, n_steps) ** 2)


print(jax.grad(final_energy)(jnp.ones(3), 10))
