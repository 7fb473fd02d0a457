"""`jax.jit(trainer.step)`: the bound method records `loss.item()` in a Python list."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self.history = []

    def loss(self, w, x, y):
        return jnp.mean((x @ w - y) ** 2)

    def step(self, w, x, y):
        loss, grad = jax.value_and_grad(self.loss)(w, x, y)
        self.history.append(loss.item())  # expect: concretization-type-error
        return w - self.lr * grad


trainer = Trainer(lr=0.1)
step = jax.jit(trainer.step)
w = step(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
