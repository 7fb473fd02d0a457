"""A bound method jitted with static_argnums=2 (`mode`, with self not counted): in range."""
# corpus: label=negative styles=method,attribute

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, d):
        self.w = jnp.eye(d)
        self._apply = jax.jit(self.apply, static_argnums=2)

    def apply(self, w, x, mode):
        y = x @ w
        return jax.nn.relu(y) if mode == "relu" else y

    def __call__(self, x, mode="relu"):
        return self._apply(self.w, x, mode)


print(Model(4)(jnp.ones((2, 4))))
