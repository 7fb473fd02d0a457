"""An attention head's method normalizes its scores with `softmax(axis=1)`; the method is vmapped over queries, so each call sees a vector."""
# corpus: label=positive styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Head:
    def __init__(self, keys):
        self.keys = keys

    def attend(self, q):
        scores = self.keys @ q
        return jax.nn.softmax(scores, axis=1)  # expect: axis-out-of-bounds


head = Head(jnp.ones((5, 4)))
print(jax.vmap(head.attend)(jnp.ones((3, 4))))
