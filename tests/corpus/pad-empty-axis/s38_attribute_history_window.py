# corpus: label=positive styles=attribute,method batch=s38
import jax.numpy as jnp


class History:
    def __init__(self, width):
        self.values = jnp.zeros((0, width))

    def window(self, steps):
        widths = ((steps, 0), (0, 0))
        return jnp.pad(self.values, widths, mode="symmetric")  # expect: pad-empty-axis


History(3).window(4)
