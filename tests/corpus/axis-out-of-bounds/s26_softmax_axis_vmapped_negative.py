"""The vmapped method normalizes over the vector's only axis."""
# corpus: label=negative styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Head:
    def __init__(self, keys):
        self.keys = keys

    def attend(self, q):
        scores = self.keys @ q
        return jax.nn.softmax(scores, axis=-1)


head = Head(jnp.ones((5, 4)))
print(jax.vmap(head.attend)(jnp.ones((3, 4))))
