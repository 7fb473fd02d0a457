"""The loss is averaged before differentiating."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def squared_error(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def train_step(w, x, y, lr=0.1):
    g = jax.grad(squared_error)(w, x, y)
    return w - lr * g


print(train_step(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8)))
