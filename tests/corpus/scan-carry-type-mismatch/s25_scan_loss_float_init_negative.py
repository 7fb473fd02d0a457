"""The epoch loop with the loss total started at 0.0."""
# corpus: label=negative styles=helper,return batch=s25

import jax
import jax.numpy as jnp
from jax import lax


def loss_fn(w, batch):
    x, y = batch
    return jnp.mean((x @ w - y) ** 2)


def train_epoch(w, xs, ys, lr=0.1):
    def step(carry, batch):
        w, total = carry
        loss, g = jax.value_and_grad(loss_fn)(w, batch)
        return (w - lr * g, total + loss), loss

    (w, total), _losses = lax.scan(step, (w, 0.0), (xs, ys))
    return w, total


print(train_epoch(jnp.ones(3), jnp.ones((5, 4, 3)), jnp.ones((5, 4))))
