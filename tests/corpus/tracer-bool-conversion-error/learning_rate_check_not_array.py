"""An optimizer factory validates a Python learning rate only; a traced one (injected under jit) skips it."""
# corpus: label=negative styles=attribute,parameter
# realcode: cause K

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: object
    update: object


def sgd(learning_rate, momentum=0.9):
    if not isinstance(learning_rate, jax.Array) and learning_rate <= 0:
        raise ValueError(f"learning_rate must be positive, got {learning_rate}")

    def init(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update(grads, velocity):
        velocity = jax.tree.map(lambda v, g: momentum * v + g, velocity, grads)
        return jax.tree.map(lambda v: -learning_rate * v, velocity), velocity

    return Optimizer(init, update)


@jax.jit
def train_step(params, grads, velocity, lr):
    opt = sgd(lr)
    updates, velocity = opt.update(grads, velocity)
    return jax.tree.map(jnp.add, params, updates), velocity


params = {"w": jnp.ones(3)}
velocity = sgd(0.1).init(params)
params, velocity = train_step(params, {"w": jnp.full(3, 0.5)}, velocity, 0.05)
