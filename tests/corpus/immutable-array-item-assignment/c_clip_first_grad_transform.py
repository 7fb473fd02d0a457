# corpus: label=positive styles=transform batch=c
"""The gradient of a loss is clipped by hand, entry by entry."""

import jax
import jax.numpy as jnp


def loss_fn(w, xs, ys):
    pred = xs @ w
    return jnp.mean((pred - ys) ** 2)


xs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
ys = jnp.array([0.0, 1.0, 0.5, -0.5])
w = jnp.zeros(3)

grads = jax.grad(loss_fn)(w, xs, ys)
for i in range(grads.shape[0]):
    if abs(float(grads[i])) > 0.1:
        grads[i] = 0.1 * jnp.sign(grads[i])  # expect: immutable-array-item-assignment
w = w - 0.5 * grads
