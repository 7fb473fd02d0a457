# corpus: label=positive styles=method batch=c
"""A hand-written optimizer normalises the update with a custom_vjp op that has no rules."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def detach_norm(x):  # expect: custom-vjp-without-defvjp
    return jnp.linalg.norm(x)


class NormalizedSGD:
    def __init__(self, learning_rate=0.1):
        self.learning_rate = learning_rate

    def init(self, params):
        return {"step": 0}

    def update(self, grads, state):
        updates = jax.tree_util.tree_map(
            lambda g: -self.learning_rate * g / (detach_norm(g) + 1e-8), grads
        )
        return updates, {"step": state["step"] + 1}


def loss(params):
    return jnp.sum(params["w"] ** 2) + jnp.sum(params["b"])


opt = NormalizedSGD()
params = {"w": jnp.ones(3), "b": jnp.zeros(2)}
state = opt.init(params)
updates, state = opt.update(jax.grad(loss)(params), state)
params = jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
print(params)
