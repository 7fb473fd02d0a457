"""A gain helper multiplies with @, and one caller passes a plain Python number as the gain."""
# corpus: label=positive styles=helper,parameter batch=d

import jax.numpy as jnp


def apply_gain(gain, signal):
    return gain @ signal  # expect: matmul-input-scalar-operand


signal = jnp.linspace(0.0, 1.0, 8).reshape(2, 4)
print(apply_gain(jnp.eye(2), signal))
print(apply_gain(0.5, signal))
