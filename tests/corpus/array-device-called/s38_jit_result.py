"""The output of a jitted step inspected for its placement after the call returns."""

# corpus: label=positive styles=transform batch=s38

import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return jnp.tanh(x) * 2.0


out = step(jnp.ones(3))
print(out.device())  # expect: array-device-called
