# corpus: label=negative styles=attribute,method
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    layers: int
    scale: float


@partial(jax.jit, static_argnames="config")
def forward(x, config):
    for _ in range(config.layers):
        x = jnp.tanh(x * config.scale)
    return x


class Trainer:
    def __init__(self, config):
        self.config = config

    def predict(self, x):
        return forward(x, config=self.config)


Trainer(Config(2, 0.5)).predict(jnp.ones(3))
