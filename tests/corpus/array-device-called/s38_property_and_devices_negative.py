"""Placement read the current way: the device property, the devices() method, a tracer left alone."""

# corpus: label=negative styles=direct,method batch=s38

import jax
import jax.numpy as jnp

device = jax.devices()[0]
x = jax.device_put(jnp.arange(4), device)
assert x.device == device
assert x.devices() == {device}


class Buffer:
    def __init__(self, data):
        self.data = data

    def device(self):
        return self.data.device


print(Buffer(x).device())
