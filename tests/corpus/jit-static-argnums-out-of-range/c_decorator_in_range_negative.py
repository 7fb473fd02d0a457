# corpus: label=negative styles=parameter batch=c
"""The training step's static position, counted from 0, is in range."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def train_step(params, batch, learning_rate):
    grads = jax.grad(lambda p: jnp.mean((batch["x"] @ p - batch["y"]) ** 2))(params)
    return params - learning_rate * grads


params = jnp.zeros(3)
batch = {"x": jnp.ones((4, 3)), "y": jnp.ones(4)}
for lr in (0.1, 0.01):
    params = train_step(params, batch, lr)
print(params)
