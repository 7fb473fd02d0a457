# corpus: label=negative styles=attribute,method
import jax
import jax.numpy as jnp


class Buffers:
    def __init__(self):
        self.items = [jnp.ones(2), jnp.ones(2), jnp.ones(2)]
        self.items.pop()

    def add(self, other):
        return jax.tree.map(lambda a, b: a + b, self.items, other)


Buffers().add([jnp.zeros(2), jnp.zeros(2)])
