"""A trainer stores a value_and_grad with has_aux as an attribute; its loss returns (loss, aux)."""
# corpus: label=negative styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


def regression_loss(w, x):
    h = jnp.tanh(x @ w)
    return jnp.sum(h**2), h


class Trainer:
    def __init__(self, loss_fn, lr):
        self.lr = lr
        self.loss_and_grad = jax.value_and_grad(loss_fn, has_aux=True)

    def step(self, w, x):
        (loss, _aux), g = self.loss_and_grad(w, x)
        return w - self.lr * g, loss


trainer = Trainer(regression_loss, 0.1)
w, loss = trainer.step(jnp.ones((3, 2)), jnp.ones((5, 3)))
print(loss)
