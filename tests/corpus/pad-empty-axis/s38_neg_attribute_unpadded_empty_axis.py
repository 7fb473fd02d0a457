# corpus: label=negative styles=attribute,method batch=s38
import jax.numpy as jnp


class History:
    def __init__(self, width):
        self.values = jnp.zeros((2, 0))

    def window(self, steps):
        return jnp.pad(self.values, ((steps, 0), (0, 0)), mode="symmetric")


History(3).window(4)
