"""The trainer pmaps its step over the same name its psum uses."""
# corpus: label=negative styles=method,attribute batch=s29

import jax
import jax.numpy as jnp
from jax import lax


class Trainer:
    axis = "batch"

    def step(self, grads):
        return lax.psum(grads, self.axis)

    def run(self, grads):
        return jax.pmap(self.step, axis_name=self.axis)(grads)


print(Trainer().run(jnp.ones((jax.local_device_count(), 3))))
