"""A jitted SGD step returns early with a Python `if` on its own traced loss."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(w, x, y):
    pred = x @ w
    loss = jnp.mean((pred - y) ** 2)
    if loss < 1e-3:  # expect: tracer-bool-conversion-error
        return w
    grad = 2 * x.T @ (pred - y) / x.shape[0]
    return w - 0.1 * grad


w = jnp.zeros(3)
x = jnp.ones((4, 3))
y = jnp.ones(4)
for _ in range(3):
    w = sgd_step(w, x, y)
