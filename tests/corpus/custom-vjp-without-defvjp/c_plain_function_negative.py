# corpus: label=negative styles=method batch=c
"""The optimizer's norm is a plain function (no custom_vjp), so there is nothing to register."""

import jax
import jax.numpy as jnp


def detach_norm(x):
    return jax.lax.stop_gradient(jnp.linalg.norm(x))


class NormalizedSGD:
    def __init__(self, learning_rate=0.1):
        self.learning_rate = learning_rate

    def update(self, grads):
        return jax.tree_util.tree_map(
            lambda g: -self.learning_rate * g / (detach_norm(g) + 1e-8), grads
        )


params = {"w": jnp.ones(3), "b": jnp.zeros(2)}
grads = jax.grad(lambda p: jnp.sum(p["w"] ** 2) + jnp.sum(p["b"]))(params)
print(NormalizedSGD().update(grads))
