# corpus: label=negative styles=transform,helper batch=c
"""Gradients are copied to a writable NumPy array on the host before they are patched."""

import jax
import jax.numpy as jnp
import numpy as np


def loss_fn(w, xs, ys):
    return jnp.mean((xs @ w - ys) ** 2)


def to_host(tree):
    return jax.tree_util.tree_map(np.array, tree)


xs = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
ys = jnp.array([0.0, 1.0, 0.5, -0.5])
grads = to_host(jax.grad(loss_fn)(jnp.zeros(3), xs, ys))
grads[0] = 0.0
histogram = np.zeros(4)
histogram[2] += 1.0
print(grads, histogram)
