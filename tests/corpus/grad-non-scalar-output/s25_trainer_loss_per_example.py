"""A trainer class differentiates its loss method, which forgets to average the per-example errors."""
# corpus: label=positive styles=method,return batch=s25

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def loss(self, w, x, y):
        return (x @ w - y) ** 2

    def step(self, w, x, y):
        g = jax.grad(self.loss)(w, x, y)  # expect: grad-non-scalar-output
        return w - self.lr * g


print(Trainer(0.1).step(jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4)))
