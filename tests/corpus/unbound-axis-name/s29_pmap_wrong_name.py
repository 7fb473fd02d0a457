"""A trainer pmaps its step over 'devices' while the step reduces gradients over 'batch'."""
# corpus: label=positive styles=method,attribute batch=s29

import jax
import jax.numpy as jnp
from jax import lax


class Trainer:
    axis = "batch"

    def step(self, grads):
        return lax.psum(grads, self.axis)  # expect: unbound-axis-name

    def run(self, grads):
        return jax.pmap(self.step, axis_name="devices")(grads)


print(Trainer().run(jnp.ones((jax.local_device_count(), 3))))
