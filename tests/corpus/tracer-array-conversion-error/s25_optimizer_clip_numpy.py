"""A plain-class optimizer clips gradients with NumPy; its update runs inside a jitted train step."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp
import numpy as np


class ClippedSGD:
    def __init__(self, lr, max_norm):
        self.lr = lr
        self.max_norm = max_norm

    def update(self, params, grads):
        return jax.tree.map(self._step, params, grads)

    def _step(self, p, g):
        g = np.clip(g, -self.max_norm, self.max_norm)  # expect: tracer-array-conversion-error
        return p - self.lr * g


opt = ClippedSGD(0.1, 1.0)


def loss(params, x):
    return jnp.sum((x @ params["w"]) ** 2)


@jax.jit
def train_step(params, x):
    grads = jax.grad(loss)(params, x)
    return opt.update(params, grads)


print(train_step({"w": jnp.ones((3, 2))}, jnp.ones((4, 3))))
