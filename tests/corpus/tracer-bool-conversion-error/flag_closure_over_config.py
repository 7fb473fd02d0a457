"""A loss closes over a config whose `eager` switch both turns on a Python input check and
turns off `jax.jit`; the config is loaded from JSON."""
# corpus: label=negative styles=attribute,return

import json

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, eager=False, weight_decay=0.0):
        self.eager = eager
        self.weight_decay = weight_decay


def build_loss(config):
    def loss(w, x, y):
        if config.eager:
            if jnp.any(x < 0):
                raise ValueError("inputs must be non-negative")
        return jnp.mean((x @ w - y) ** 2) + config.weight_decay * jnp.sum(w**2)

    if not config.eager:
        loss = jax.jit(loss)
    return loss


config = Config(**json.loads('{"eager": false, "weight_decay": 0.01}'))
loss = build_loss(config)
print(loss(jnp.ones(3), jnp.ones((5, 3)), jnp.zeros(5)))
