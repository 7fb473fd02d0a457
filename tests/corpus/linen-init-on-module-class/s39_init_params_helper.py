"""A helper that initialises the network from module-level keys, through the class name."""

# corpus: label=positive styles=helper batch=s39

import flax.linen as nn
import jax
import jax.numpy as jnp


class Net(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.gelu(nn.Dense(self.hidden)(x)))


KEYS = jax.random.split(jax.random.PRNGKey(7), 2)
SAMPLE = jnp.zeros((1, 5))


def init_params():
    return Net.init(KEYS[0], SAMPLE)["params"]  # expect: linen-init-on-module-class


params = init_params()
