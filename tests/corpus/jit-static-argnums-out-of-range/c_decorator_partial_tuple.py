# corpus: label=positive styles=parameter batch=c
"""A training step decorated with partial(jax.jit, ...) counts its static positions from 1."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2, 3))  # expect: jit-static-argnums-out-of-range
def train_step(params, batch, learning_rate):
    grads = jax.grad(lambda p: jnp.mean((batch["x"] @ p - batch["y"]) ** 2))(params)
    return params - learning_rate * grads


params = jnp.zeros(3)
batch = {"x": jnp.ones((4, 3)), "y": jnp.ones(4)}
for lr in (0.1, 0.01):
    params = train_step(params, batch, lr)
print(params)
