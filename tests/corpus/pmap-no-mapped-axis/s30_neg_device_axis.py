# corpus: label=negative styles=attribute,method batch=s30
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self):
        self.step = jax.pmap(lambda loss: loss * 2.0)

    def report(self, losses):
        per_device = jnp.mean(losses, axis=1)
        return self.step(per_device)


Trainer().report(jnp.ones((jax.local_device_count(), 4)))
