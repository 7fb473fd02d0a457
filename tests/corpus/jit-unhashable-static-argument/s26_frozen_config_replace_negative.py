"""The config is a frozen dataclass, updated with `dataclasses.replace`; frozen dataclasses hash."""
# corpus: label=negative styles=transform,attribute batch=s26

import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    depth: int = 2
    scale: float = 1.0


@functools.partial(jax.jit, static_argnums=1)
def forward(x, config):
    for _ in range(config.depth):
        x = jnp.tanh(x * config.scale)
    return x


config = dataclasses.replace(Config(), depth=5, scale=0.5)
print(forward(jnp.ones(3), config))
