# realbug: jax-3701-static-dataclass (fixed)
# source: https://github.com/jax-ml/jax/issues/3701
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    some_value: int


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return data * config.some_value


def evaluate():
    config = Config(3)
    data = jnp.arange(4.0)
    return do_stuff(data, config)


print(evaluate())
