"""An equinox Module of Python numbers and strings hashes, so it may be static."""
# corpus: label=negative styles=parameter batch=s32

import equinox as eqx
import jax
import jax.numpy as jnp


class Config(eqx.Module):
    steps: int
    name: str = eqx.field(static=True, default="config")


def run(x, config):
    for _ in range(config.steps):
        x = x * 2
    return x


print(jax.jit(run, static_argnames="config")(jnp.ones(2), config=Config(3)))
