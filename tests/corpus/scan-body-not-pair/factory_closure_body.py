"""A factory returns the body of a leaky integrator; the closure returns only the new state."""
# corpus: label=positive styles=return,attribute

import jax
import jax.numpy as jnp


def make_integrator_step(alpha, dt=0.01):
    def step(v, current):
        dv = (-alpha * v + current) * dt
        return v + dv  # expect: scan-body-not-pair

    return step


step = make_integrator_step(alpha=0.5)
v_final, trace = jax.lax.scan(step, jnp.zeros(3), jnp.ones((100, 3)))
print(v_final, trace.shape)
