"""static_argnames="num_step" for a parameter spelled `num_steps`."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


def integrate(x0, dt, num_steps):
    x = x0
    for _ in range(num_steps):
        x = x + dt * jnp.sin(x)
    return x


integrate_jit = jax.jit(  # expect: jit-static-argnames-unknown
    integrate, static_argnames="num_step"
)
print(integrate_jit(jnp.ones(3), 0.1, num_steps=10))
