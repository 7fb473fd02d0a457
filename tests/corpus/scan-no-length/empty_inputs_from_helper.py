"""The per-step inputs come from a helper that returns an empty dict when no forcing is given."""
# corpus: label=positive styles=return,helper

import jax.numpy as jnp
from jax import lax


def forcing_inputs(forcing=None):
    inputs = {}
    if forcing is not None:
        inputs["forcing"] = forcing
    return inputs


def decay_step(x, inputs):
    drive = inputs.get("forcing", 0.0)
    x = 0.95 * x + drive
    return x, x


final, path = lax.scan(decay_step, jnp.float32(1.0), forcing_inputs())  # expect: scan-no-length
print(path)
