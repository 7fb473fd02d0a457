"""A device picked by a helper that is called, not the device itself."""

# corpus: label=negative styles=helper batch=s38

import jax
import jax.numpy as jnp


def device():
    return jax.devices()[0]


def first_device_of(x):
    return next(iter(x.devices()))


x = jax.device_put(jnp.ones(3), device())
print(first_device_of(x), x.device)
