"""Per-example gradients via `jax.vmap(jax.grad(loss))`; the loss measures error with `np.linalg.norm`."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp
import numpy as np


def loss(w, x, y):
    residual = x @ w - y
    return np.linalg.norm(residual)  # expect: tracer-array-conversion-error


per_example_grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))
xs = jnp.ones((6, 2, 3))
ys = jnp.zeros((6, 2))
grads = per_example_grads(jnp.ones(3), xs, ys)
