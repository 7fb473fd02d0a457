"""The config is a plain (not frozen) dataclass updated with `dataclasses.replace` and passed where jit keeps it static."""
# corpus: label=positive styles=transform,attribute batch=s26

import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Config:
    depth: int = 2
    scale: float = 1.0


@functools.partial(jax.jit, static_argnames="config")
def forward(x, config):
    for _ in range(config.depth):
        x = jnp.tanh(x * config.scale)
    return x


config = dataclasses.replace(Config(), depth=5)
print(forward(jnp.ones(3), config=config))  # expect: jit-unhashable-static-argument
