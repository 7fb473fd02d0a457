# corpus: label=positive styles=attribute,parameter
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class Config:
    activation: str = "gelu"


@jax.jit
def mlp_block(x, activation):
    if activation == "gelu":
        return jax.nn.gelu(x)
    return jax.nn.relu(x)


config = Config()
mlp_block(jnp.ones(4), config.activation)  # expect: jit-non-array-argument
