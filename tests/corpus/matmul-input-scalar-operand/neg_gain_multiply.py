"""The same gain helper multiplies elementwise: a scalar gain broadcasts."""
# corpus: label=negative styles=helper,parameter batch=d

import jax.numpy as jnp


def apply_gain(gain, signal):
    return gain * signal


signal = jnp.linspace(0.0, 1.0, 8).reshape(2, 4)
print(apply_gain(jnp.ones((2, 4)), signal))
print(apply_gain(0.5, signal))
