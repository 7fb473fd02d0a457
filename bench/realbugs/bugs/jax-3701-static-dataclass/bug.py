# realbug: jax-3701-static-dataclass
# source: https://github.com/jax-ml/jax/issues/3701
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Config:
    some_value: int


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return data * config.some_value


def evaluate():
    config = Config(3)
    data = jnp.arange(4.0)
    return do_stuff(data, config)  # BUG


print(evaluate())
