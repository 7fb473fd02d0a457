"""A class keeps a pmapped scaling step and its scale factor as attributes."""
# corpus: label=positive styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


def scale_and_shift(x, factor):
    return x * factor + 1.0


class Scaler:
    def __init__(self, factor):
        self.factor = jnp.float32(factor)
        self.step = jax.pmap(scale_and_shift)

    def __call__(self, batch):
        return self.step(batch, self.factor)  # expect: pmap-scalar-argument


scaler = Scaler(3.0)
print(scaler(jnp.ones((jax.local_device_count(), 5))).shape)
