"""The `loss` method averages the squared errors."""
# corpus: label=negative styles=method,transform batch=s26

import jax
import jax.numpy as jnp


class Regression:
    def __init__(self, inputs, targets):
        self.inputs = inputs
        self.targets = targets
        self.grad_fn = jax.jit(jax.grad(self.loss))

    def loss(self, w):
        return jnp.mean((self.inputs @ w - self.targets) ** 2)

    def step(self, w, lr=0.1):
        return w - lr * self.grad_fn(w)


reg = Regression(jnp.ones((6, 3)), jnp.zeros(6))
print(reg.step(jnp.ones(3)))
