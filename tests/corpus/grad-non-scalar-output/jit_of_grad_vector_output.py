"""A jitted gradient of a function returning a length-1 vector (not a scalar)."""
# corpus: label=positive styles=transform,direct

import jax
import jax.numpy as jnp


def objective(x):
    return jnp.sum(x**2, keepdims=True)


gradient = jax.jit(jax.grad(objective))
gradient(jnp.ones(3))  # expect: grad-non-scalar-output
