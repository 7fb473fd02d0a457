"""The forcing helper is given a forcing array, so the dict of inputs is not empty."""
# corpus: label=negative styles=return,helper

import jax.numpy as jnp
from jax import lax


def forcing_inputs(forcing=None):
    inputs = {}
    if forcing is not None:
        inputs["forcing"] = forcing
    return inputs


def decay_step(x, inputs):
    x = 0.95 * x + inputs["forcing"]
    return x, x


final, path = lax.scan(decay_step, jnp.float32(1.0), forcing_inputs(jnp.ones(5)))
print(path)
