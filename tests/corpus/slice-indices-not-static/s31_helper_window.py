"""A helper cuts a window starting at a position the jitted caller passes on."""
# corpus: label=positive styles=helper,parameter batch=s31

import jax
import jax.numpy as jnp


def window(signal, start, width=4):
    return signal[start : start + width]  # expect: slice-indices-not-static


@jax.jit
def energy(signal, start):
    return jnp.sum(window(signal, start) ** 2)


print(energy(jnp.linspace(0.0, 1.0, 32), 3))
