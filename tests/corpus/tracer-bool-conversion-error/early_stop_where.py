"""The early-stopping step written with `jnp.where` instead of a Python `if`: it traces fine."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(w, x, y):
    pred = x @ w
    loss = jnp.mean((pred - y) ** 2)
    grad = 2 * x.T @ (pred - y) / x.shape[0]
    return jnp.where(loss < 1e-3, w, w - 0.1 * grad)


w = jnp.zeros(3)
for _ in range(3):
    w = sgd_step(w, jnp.ones((4, 3)), jnp.ones(4))
