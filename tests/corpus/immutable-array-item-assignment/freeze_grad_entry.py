"""The gradient from `jax.grad(loss)(w)` has its first entry frozen by item assignment."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


w = jnp.ones(3)
grads = jax.grad(loss)(w, jnp.ones((4, 3)), jnp.zeros(4))
grads[0] = 0.0  # expect: immutable-array-item-assignment
w = w - 0.1 * grads
