"""The clipped optimizer with jnp.clip."""
# corpus: label=negative styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class ClippedSGD:
    def __init__(self, lr, max_norm):
        self.lr = lr
        self.max_norm = max_norm

    def update(self, params, grads):
        return jax.tree.map(self._step, params, grads)

    def _step(self, p, g):
        g = jnp.clip(g, -self.max_norm, self.max_norm)
        return p - self.lr * g


opt = ClippedSGD(0.1, 1.0)


def loss(params, x):
    return jnp.sum((x @ params["w"]) ** 2)


@jax.jit
def train_step(params, x):
    grads = jax.grad(loss)(params, x)
    return opt.update(params, grads)


print(train_step({"w": jnp.ones((3, 2))}, jnp.ones((4, 3))))
