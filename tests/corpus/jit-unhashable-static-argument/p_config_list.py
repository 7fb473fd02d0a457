"""A settings object's list of sizes passed as jit's static argument."""

# corpus: label=positive styles=attribute,parameter
from functools import partial

import jax
import jax.numpy as jnp


class Settings:
    def __init__(self):
        self.layer_sizes = [4, 4]


@partial(jax.jit, static_argnums=1)
def build(x, sizes):
    for s in sizes:
        x = x[:s]
    return x


settings = Settings()
build(jnp.ones(10), settings.layer_sizes)  # expect: jit-unhashable-static-argument
