# corpus: label=negative styles=attribute,parameter
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass
class Config:
    activation: str = "gelu"


@partial(jax.jit, static_argnames="activation")
def mlp_block(x, activation):
    if activation == "gelu":
        return jax.nn.gelu(x)
    return jax.nn.relu(x)


config = Config()
mlp_block(jnp.ones(4), activation=config.activation)
