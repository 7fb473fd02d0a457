"""static_argnames names `num_steps`, spelled as in the signature."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


def integrate(x0, dt, num_steps):
    x = x0
    for _ in range(num_steps):
        x = x + dt * jnp.sin(x)
    return x


integrate_jit = jax.jit(integrate, static_argnames="num_steps")
print(integrate_jit(jnp.ones(3), 0.1, num_steps=10))
