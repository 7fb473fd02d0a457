"""The trainer whose loss averages the errors."""
# corpus: label=negative styles=method,return batch=s25

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def loss(self, w, x, y):
        return jnp.mean((x @ w - y) ** 2)

    def step(self, w, x, y):
        g = jax.grad(self.loss)(w, x, y)
        return w - self.lr * g


print(Trainer(0.1).step(jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4)))
