"""A window of fixed width at a traced start, taken with lax.dynamic_slice."""
# corpus: label=negative styles=helper,parameter batch=s31

import jax
import jax.numpy as jnp


def window(signal, start, width=4):
    return jax.lax.dynamic_slice(signal, (start,), (width,))


@jax.jit
def energy(signal, start):
    return jnp.sum(window(signal, start) ** 2)


print(energy(jnp.linspace(0.0, 1.0, 32), 3))
