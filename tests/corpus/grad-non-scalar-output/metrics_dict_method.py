"""A model's loss method returns a dict of metrics; value_and_grad is taken of the method."""
# corpus: label=positive styles=method,transform,return batch=d

import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self, l2):
        self.l2 = l2

    def loss(self, w, x, y):
        err = x @ w - y
        return {"mse": jnp.mean(err**2), "reg": self.l2 * jnp.sum(w**2)}

    def step(self, w, x, y):
        value, grad = jax.value_and_grad(self.loss)(w, x, y)  # expect: grad-non-scalar-output
        return w - 0.01 * grad, value


model = Regressor(1e-3)
print(model.step(jnp.zeros(4), jnp.ones((10, 4)), jnp.ones(10)))
